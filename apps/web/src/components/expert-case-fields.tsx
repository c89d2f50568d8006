import { Form, Input } from 'antd';
import { expertLine } from '../lib/format';
import { SearchSelect, servedPersonLabel } from './search-select';

interface Found<T> {
  data?: T[];
  isFetching: boolean;
  isPending: boolean;
}

/** The person of a new case between two experts (转介, 协作): one of the people the expert serves, found as they type. */
export function ServedPersonItem(props: {
  label: string;
  message: string;
  found: Found<{ id: number; name: string; telephone: string; lastAssessmentAt: string | null }>;
  onSearch: (text: string) => void;
}) {
  return (
    <Form.Item name="userId" label={props.label} rules={[{ required: true, message: props.message }]}>
      <SearchSelect
        placeholder="输入姓名或手机号查找您服务的用户"
        found={props.found}
        onSearch={props.onSearch}
        notFound="没有找到您服务的用户"
        label={servedPersonLabel}
      />
    </Form.Item>
  );
}

/** The other expert of a new case, found by name, institution or title as the user types. */
export function OtherExpertItem(props: {
  name: string;
  label: string;
  found: Found<{ id: number; name: string; title: string | null; institution: string | null }>;
  onSearch: (text: string) => void;
}) {
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      rules={[{ required: true, message: `请选择${props.label}` }]}
    >
      <SearchSelect
        placeholder="输入专家姓名、机构或职称查找"
        found={props.found}
        onSearch={props.onSearch}
        notFound="没有找到专家"
        label={expertLine}
      />
    </Form.Item>
  );
}

/** Why a case is opened (转介原因, 邀请原因): required, at least 5 characters, counted up to `max`. */
export function CaseReasonItem(props: {
  label: string;
  extra: string;
  max: number;
  autoSize: { minRows: number; maxRows: number };
  placeholder: string;
}) {
  return (
    <Form.Item
      name="reason"
      label={props.label}
      extra={props.extra}
      rules={[
        { required: true, whitespace: true, message: `请填写${props.label}` },
        { min: 5, message: `${props.label}至少5个字` },
      ]}
    >
      <Input.TextArea
        maxLength={props.max}
        showCount
        autoSize={props.autoSize}
        placeholder={props.placeholder}
      />
    </Form.Item>
  );
}
