import { PHONE_PATTERN, type AssessmentState, type BasicInfoBody } from '@psy/contracts';
import type { BasicInfoPrefill } from '@psy/contracts';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Skeleton, Typography } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { personNameRules } from '../../../lib/form-rules';
import { useSession } from '../../../lib/session';
import { useBasicInfoPrefill, useSaveBasicInfo } from '../api/taking';
import { idParam, nextPath } from '../components/flow';
import { FlowShell, WithAssessment } from '../components/flow-shell';
import { RegionCascader, regionCodePath } from '../components/region-cascader';
import styles from '../components/assessments.module.css';

/** 基本信息 (/combit/userForm?aid=): who is answering, plus the plan's or activity's own fields. */
export function Component() {
  const [params] = useSearchParams();
  const aid = idParam(params.get('aid'));
  return <WithAssessment aid={aid}>{(s) => <BasicInfoForm state={s} />}</WithAssessment>;
}

interface Values {
  name: string;
  gender: 'male' | 'female';
  age: number;
  region: string[];
  phone?: string;
  extra?: Record<string, string | undefined>;
}

function BasicInfoForm({ state }: { state: AssessmentState }) {
  // Before consent the form cannot be saved; after submitting there is nothing to change.
  const open = !(state.next === 'guidance' || state.next === 'consent' || state.next === 'done');
  // Answers already given to this test are shown as they are; otherwise the last test's and the profile's.
  const prefill = useBasicInfoPrefill(state.id, open && !state.basicInfo);
  if (!open) return <Navigate to={nextPath(state)} replace />;
  if (!state.basicInfo && prefill.isPending) {
    return (
      <FlowShell state={state} step="basic_info">
        <Card className={styles.flowCard} title="基本信息">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </FlowShell>
    );
  }
  return <BasicInfoFields state={state} prefill={state.basicInfo ? null : (prefill.data ?? null)} />;
}

function BasicInfoFields({ state, prefill }: { state: AssessmentState; prefill: BasicInfoPrefill | null }) {
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const save = useSaveBasicInfo(state.id);
  const [form] = Form.useForm<Values>();

  const b = state.basicInfo ?? prefill;
  const initial: Partial<Values> = {
    name: b?.name ?? user?.name ?? '',
    gender: b?.gender ?? undefined,
    age: b?.age ?? undefined,
    region: regionCodePath(b?.regionCode ?? undefined),
    phone: b?.phone ?? undefined,
    extra: b?.extra ?? {},
  };
  const prefilled = !!prefill && (prefill.lastGivenAt !== null || !!prefill.gender || prefill.age !== null);

  const submit = (v: Values) => {
    const body: BasicInfoBody = {
      name: v.name.trim(),
      gender: v.gender,
      age: v.age,
      regionCode: v.region.at(-1) ?? '',
      phone: v.phone?.trim() ? v.phone.trim() : null,
      extra: Object.fromEntries(
        Object.entries(v.extra ?? {})
          .filter(([, x]) => !!x?.trim())
          .map(([k, x]) => [k, x!.trim()]),
      ),
    };
    save.mutate(body, { onSuccess: (s) => navigate(nextPath(s)) });
  };

  return (
    <FlowShell state={state} step="basic_info">
      <Card className={styles.flowCard} title="基本信息">
        <Typography.Paragraph type="secondary">
          以下信息仅用于生成你的测评报告和必要时为你提供专业支持，会被严格保密。
        </Typography.Paragraph>
        {prefilled && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="prefill-note"
            title={
              prefill.lastGivenAt
                ? '已按你上次测评填写的信息和个人资料预先填好，如有变化请直接修改'
                : '已按你的个人资料预先填好，如有变化请直接修改'
            }
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initial}
          onFinish={submit}
          scrollToFirstError
        >
          <Form.Item name="name" label="姓名" rules={personNameRules}>
            <Input placeholder="请输入姓名" maxLength={20} autoComplete="name" />
          </Form.Item>
          <Form.Item name="gender" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { label: '男', value: 'male' },
                { label: '女', value: 'female' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="age"
            label="年龄"
            rules={[
              { required: true, message: '请输入年龄' },
              { type: 'integer', min: 6, max: 100, message: '年龄应在6到100岁之间' },
            ]}
          >
            <InputNumber
              placeholder="周岁"
              min={1}
              max={120}
              precision={0}
              style={{ width: 160 }}
              suffix="岁"
            />
          </Form.Item>
          <Form.Item
            name="region"
            label="所在地区"
            rules={[{ required: true, type: 'array', len: 3, message: '请选择所在地区（省/市/区县）' }]}
          >
            <RegionCascader />
          </Form.Item>
          <Form.Item
            name="phone"
            label="手机号（选填）"
            rules={[{ pattern: PHONE_PATTERN, message: '请输入正确的11位手机号' }]}
          >
            <Input
              placeholder="便于专业人员必要时联系你"
              maxLength={11}
              inputMode="numeric"
              autoComplete="tel"
            />
          </Form.Item>
          {state.formFields.map((f) => (
            <Form.Item
              key={f.key}
              name={['extra', f.key]}
              label={f.label}
              rules={f.required ? [{ required: true, whitespace: true, message: `请填写${f.label}` }] : []}
            >
              {f.type === 'select' ? (
                <Select
                  placeholder={`请选择${f.label}`}
                  options={(f.options ?? []).map((o) => ({ label: o, value: o }))}
                  allowClear={!f.required}
                />
              ) : (
                <Input placeholder={`请输入${f.label}`} maxLength={100} />
              )}
            </Form.Item>
          ))}
          <div className={styles.actions}>
            <Button type="primary" size="large" htmlType="submit" loading={save.isPending}>
              保存并开始答题
            </Button>
          </div>
        </Form>
      </Card>
    </FlowShell>
  );
}
