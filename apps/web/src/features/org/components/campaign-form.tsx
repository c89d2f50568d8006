import {
  CAMPAIGN_CONSENT_MAX,
  CAMPAIGN_CONTACT_HOURS_DEFAULT,
  CAMPAIGN_CONTACT_HOURS_MAX,
  CAMPAIGN_TITLE_MAX,
  type Campaign,
  type CampaignEditBody,
} from '@psy/contracts';
import {
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Select,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { fromPicker, pickerValue } from '../../../lib/format';
import { useMemo, useState } from 'react';
import { useSettled } from '../../../components/search-select';
import { usePlanChoices, useSaveCampaign, useScaleChoices } from '../api/campaigns';
import { useInstitutions, useUnits, type OrgUnit } from '../api/org';

/** What a new campaign's consent says until the auditor writes their own. */
export const DEFAULT_CONSENT = [
  '本次心理健康筛查由学校（单位）心理健康中心组织，目的是及早发现需要关心和帮助的同学（同事）。',
  '您的作答和分数只有中心的专业人员可以查看；所在单位的负责人只能看到您是否已完成和需要关注的程度，看不到作答内容和分数。',
  '如结果提示需要关注，中心老师会在规定时间内与您联系。参与是自愿的，您可以随时停止作答。',
].join('\n');

const reminderOptions = [
  { value: 7, label: '结束前 7 天' },
  { value: 3, label: '结束前 3 天' },
  { value: 1, label: '结束前 1 天' },
  { value: 0, label: '结束当天' },
];

interface Values {
  institutionId?: number;
  title: string;
  source: 'plan' | 'scale';
  planId?: number;
  scaleId?: number;
  unitIds: number[];
  window: [Dayjs, Dayjs];
  consentText: string;
  showResultToMember: boolean;
  reminderDaysBeforeClose: number[];
  /** Hours to a first contact for 低危, 中危, 高危. */
  contactHours: [number, number, number];
}

function unitTree(units: OrgUnit[]) {
  type Node = { value: number; title: string; children: Node[] };
  const nodes = new Map<number, Node>(units.map((u) => [u.id, { value: u.id, title: u.name, children: [] }]));
  const roots: Node[] = [];
  for (const u of units) {
    const parent = u.parentId !== null ? nodes.get(u.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(u.id)!);
  }
  return roots;
}

/** 新建 / 编辑筛查活动: a draft until it is opened from its detail page. */
export function CampaignFormModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The draft being edited; none for a new campaign. */
  editing?: Campaign;
  onClose: () => void;
  onSaved: (c: Campaign) => void;
}) {
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form) ?? 'plan';
  const [planText, setPlanText] = useState('');
  const [scaleText, setScaleText] = useState('');
  const plans = usePlanChoices(useSettled(planText));
  const scales = useScaleChoices(useSettled(scaleText));
  const institutions = useInstitutions();
  const picked = Form.useWatch('institutionId', form);
  const institutionId = editing?.institutionId ?? picked ?? institutions.data?.[0]?.id;
  const units = useUnits(institutionId);
  const tree = useMemo(() => unitTree(units.data ?? []), [units.data]);
  const save = useSaveCampaign();

  const initial: Values = editing
    ? {
        title: editing.title,
        source: editing.planId ? 'plan' : 'scale',
        planId: editing.planId ?? undefined,
        scaleId: editing.scaleId ?? undefined,
        unitIds: editing.unitIds,
        window: [pickerValue(editing.opensAt), pickerValue(editing.closesAt)],
        consentText: editing.consentText,
        showResultToMember: editing.showResultToMember,
        reminderDaysBeforeClose: editing.reminderDaysBeforeClose,
        contactHours: editing.contactHours as Values['contactHours'],
      }
    : {
        institutionId: institutions.data?.[0]?.id,
        title: '',
        source: 'plan',
        unitIds: [],
        window: [pickerValue().startOf('minute'), pickerValue().add(14, 'day').hour(18).startOf('hour')],
        consentText: DEFAULT_CONSENT,
        showResultToMember: true,
        reminderDaysBeforeClose: [3, 1],
        contactHours: [...CAMPAIGN_CONTACT_HOURS_DEFAULT] as Values['contactHours'],
      };

  const submit = (v: Values) => {
    const body: CampaignEditBody = {
      title: v.title,
      // A re-test's content stays that of the screening it follows (the server keeps it too).
      planId: editing?.retestOf ? editing.planId : v.source === 'plan' ? (v.planId ?? null) : null,
      scaleId: editing?.retestOf ? editing.scaleId : v.source === 'scale' ? (v.scaleId ?? null) : null,
      unitIds: v.unitIds ?? editing?.unitIds ?? [],
      opensAt: fromPicker(v.window[0]),
      closesAt: fromPicker(v.window[1]),
      consentText: v.consentText,
      showResultToMember: v.showResultToMember,
      reminderDaysBeforeClose: v.reminderDaysBeforeClose,
      contactHours: v.contactHours,
    };
    if (!editing && !institutionId) return;
    save.mutate(
      editing ? { id: editing.id, edit: body } : { create: { institutionId: institutionId!, ...body } },
      {
        onSuccess: (c) => {
          onSaved(c);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={editing ? '编辑筛查活动' : '新建筛查活动'}
      okText={editing ? '保存' : '创建草稿'}
      cancelText="取消"
      width={640}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={initial} onFinish={submit} preserve={false}>
        {!editing && (
          <Form.Item
            name="institutionId"
            label="机构"
            rules={[{ required: !institutionId, message: '请选择机构' }]}
          >
            <Select
              placeholder={institutions.isPending ? '加载中…' : '选择机构'}
              loading={institutions.isPending}
              onChange={() => form.setFieldValue('unitIds', [])}
              options={(institutions.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label="活动名称"
          rules={[{ required: true, whitespace: true, message: '请填写活动名称' }]}
        >
          <Input maxLength={CAMPAIGN_TITLE_MAX} showCount placeholder="如：2026 级新生心理健康普查" />
        </Form.Item>
        {editing?.retestOf ? (
          <Form.Item label="测评内容">
            <Typography.Text>与原筛查相同（复测结果与上次对比）</Typography.Text>
          </Form.Item>
        ) : (
          <>
            <Form.Item name="source" label="测评内容">
              <Radio.Group
                options={[
                  { value: 'plan', label: '测评方案' },
                  { value: 'scale', label: '单个量表' },
                ]}
              />
            </Form.Item>
            {source === 'plan' ? (
              <Form.Item
                name="planId"
                label="测评方案"
                rules={[{ required: true, message: '请选择测评方案' }]}
              >
                <Select
                  showSearch
                  filterOption={false}
                  onSearch={setPlanText}
                  loading={plans.isFetching}
                  notFoundContent={plans.isPending ? '加载中…' : '没有找到方案'}
                  placeholder="输入名称搜索"
                  options={(plans.data ?? []).map((p) => ({
                    value: p.id,
                    label: `${p.title}（${p.scales.map((s) => s.shortName || s.name).join('、')}）`,
                  }))}
                />
              </Form.Item>
            ) : (
              <Form.Item name="scaleId" label="量表" rules={[{ required: true, message: '请选择量表' }]}>
                <Select
                  showSearch
                  filterOption={false}
                  onSearch={setScaleText}
                  loading={scales.isFetching}
                  notFoundContent={scales.isPending ? '加载中…' : '没有找到量表'}
                  placeholder="输入名称搜索"
                  options={(scales.data ?? []).map((s) => ({
                    value: s.id,
                    label: `${s.name}（${s.itemCount} 题）`,
                  }))}
                />
              </Form.Item>
            )}
          </>
        )}
        {editing?.retestOf ? (
          // A re-test lists its people; its units follow from them and stay as they are.
          <Form.Item label="复测名单">
            <Typography.Text>
              共 {editing.listedMembers ?? 0} 人（上次筛查中有预警的人，创建复测时选定）
            </Typography.Text>
          </Form.Item>
        ) : (
          <Form.Item
            name="unitIds"
            label="参与单位"
            extra="选中的单位及其下级单位的成员都会收到这次筛查"
            rules={[{ required: true, type: 'array', min: 1, message: '请选择参与的单位' }]}
          >
            <TreeSelect
              treeData={tree}
              multiple
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="title"
              loading={units.isPending}
              placeholder={
                units.data?.length === 0 ? '该机构还没有单位，请先在“组织与名单”中建立' : '选择单位'
              }
              notFoundContent="没有单位"
            />
          </Form.Item>
        )}
        <Form.Item name="window" label="活动时间" rules={[{ required: true, message: '请选择活动时间' }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="consentText"
          label="知情同意书"
          rules={[{ required: true, whitespace: true, message: '请填写知情同意书' }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} maxLength={CAMPAIGN_CONSENT_MAX} showCount />
        </Form.Item>
        <Form.Item name="showResultToMember" label="成员可查看自己的结果" valuePropName="checked">
          <Switch checkedChildren="可以" unCheckedChildren="不可以" />
        </Form.Item>
        <Form.Item
          label="预警联系时限（小时）"
          extra="筛查发现预警后，成员所在单位的负责人需在时限内联系本人并记录；逾期未记录将逐级上报，直至心理中心"
          style={{ marginBottom: 8 }}
        >
          <Flex gap={12} wrap>
            {(['低危', '中危', '高危'] as const).map((label, i) => (
              <Form.Item
                key={label}
                name={['contactHours', i]}
                label={label}
                layout="horizontal"
                rules={[{ required: true, message: `请填写${label}的联系时限` }]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber
                  min={1}
                  max={CAMPAIGN_CONTACT_HOURS_MAX}
                  precision={0}
                  style={{ width: 90 }}
                  aria-label={`${label}联系时限`}
                />
              </Form.Item>
            ))}
          </Flex>
        </Form.Item>
        <Form.Item name="reminderDaysBeforeClose" label="自动提醒未完成的成员（站内通知与短信）">
          <Checkbox.Group options={reminderOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
