import { consultModeLabels, consultModes, type ConsultMode, type ExpertProfileBody } from '@psy/contracts';
import { Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, type InputNumberProps } from 'antd';
import { useSpecialties } from '../api/expert-list';
import { useSaveProfile } from '../api/my-profile';

interface Values {
  title: string;
  priceYuan: number;
  sessionMinutes: number;
  yearsOfPractice: number;
  modes: ConsultMode[];
  specialties: string[];
  qualifications: string[];
  introduction: string;
  address?: string;
}

const toValues = (p: ExpertProfileBody | null): Partial<Values> =>
  p
    ? { ...p, priceYuan: p.priceFen / 100, address: p.address ?? undefined }
    : { sessionMinutes: 50, yearsOfPractice: 0, modes: ['online'], specialties: [], qualifications: [] };

/** The three numbers of a profile: price, session length, years of practice. */
const numberFields: {
  name: 'priceYuan' | 'sessionMinutes' | 'yearsOfPractice';
  label: string;
  required: string;
  input: InputNumberProps<number>;
}[] = [
  {
    name: 'priceYuan',
    label: '单次价格（元）',
    required: '请输入咨询价格',
    input: { min: 0, max: 10000, precision: 2, prefix: '¥' },
  },
  {
    name: 'sessionMinutes',
    label: '单次时长（分钟）',
    required: '请输入单次时长',
    input: { min: 15, max: 180, step: 5, precision: 0 },
  },
  {
    name: 'yearsOfPractice',
    label: '从业年限',
    required: '请输入从业年限',
    input: { min: 0, max: 70, precision: 0, suffix: '年' },
  },
];

/** A tags field whose every entry is at most `max` characters. */
const eachAtMost = (max: number, message: string) => ({
  validator: (_: unknown, v: string[] = []) =>
    v.every((t) => t.trim().length <= max) ? Promise.resolve() : Promise.reject(new Error(message)),
});

/** The public profile: what the list and detail pages show, and the price bookings are charged. */
export function ProfileForm({ profile }: { profile: ExpertProfileBody | null }) {
  const [form] = Form.useForm<Values>();
  const save = useSaveProfile();
  const specialties = useSpecialties();

  const submit = (v: Values) =>
    save.mutate({
      title: v.title.trim(),
      // Entered in yuan, stored in fen; rounding keeps 0.1 + 0.2 style floats out of the API.
      priceFen: Math.round(v.priceYuan * 100),
      sessionMinutes: v.sessionMinutes,
      yearsOfPractice: v.yearsOfPractice,
      modes: v.modes,
      specialties: v.specialties.map((s) => s.trim()).filter(Boolean),
      qualifications: v.qualifications.map((s) => s.trim()).filter(Boolean),
      introduction: v.introduction.trim(),
      address: v.address?.trim() || null,
    });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toValues(profile)}
      onFinish={submit}
      style={{ maxWidth: 820 }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="title"
            label="职称"
            rules={[
              { required: true, whitespace: true, message: '请输入职称' },
              { max: 50, message: '职称最多50个字' },
            ]}
          >
            <Input placeholder="例如：国家二级心理咨询师" maxLength={50} />
          </Form.Item>
        </Col>
        {numberFields.map(({ name, label, required, input }) => (
          <Col key={name} xs={12} md={6}>
            <Form.Item name={name} label={label} rules={[{ required: true, message: required }]}>
              <InputNumber {...input} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={12} md={18}>
          <Form.Item
            name="modes"
            label="咨询方式"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一种咨询方式' }]}
          >
            <Checkbox.Group
              options={consultModes.map((m) => ({ value: m, label: `${consultModeLabels[m]}咨询` }))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="specialties"
            label="擅长领域"
            extra="可从常用标签中选择，也可输入后回车添加，最多8个，每个最多12个字"
            rules={[
              { required: true, type: 'array', min: 1, message: '请至少填写一个擅长领域' },
              { type: 'array', max: 8, message: '擅长领域最多8个' },
              eachAtMost(12, '每个擅长领域最多12个字'),
            ]}
          >
            <Select
              mode="tags"
              tokenSeparators={[',', '，']}
              options={(specialties.data ?? []).map((s) => ({ value: s, label: s }))}
              placeholder="选择或输入擅长领域"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="qualifications"
            label="资质证书"
            extra="输入后回车添加，最多10项"
            rules={[
              { type: 'array', max: 10, message: '资质最多10项' },
              eachAtMost(60, '每项资质最多60个字'),
            ]}
          >
            <Select mode="tags" open={false} suffixIcon={null} placeholder="例如：国家二级心理咨询师" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="introduction"
            label="个人介绍"
            rules={[
              { required: true, whitespace: true, message: '请填写个人介绍' },
              { min: 10, message: '个人介绍至少10个字' },
              { max: 2000, message: '个人介绍最多2000个字' },
            ]}
          >
            <Input.TextArea
              rows={5}
              maxLength={2000}
              showCount
              placeholder="从业经历、咨询取向、服务风格等"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label="线下咨询地址" rules={[{ max: 200, message: '地址最多200个字' }]}>
            <Input placeholder="提供线下咨询时填写" maxLength={200} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存资料
      </Button>
    </Form>
  );
}
