import { regionName, type BasicInfoBody } from '@psy/contracts';
import { Card, Descriptions } from 'antd';
import { formatDateTime } from '../../../lib/format';

interface Props {
  user: { name: string; telephone: string };
  basicInfo: BasicInfoBody | null;
  startedAt: string;
  submittedAt: string | null;
  /** Chinese names of the plan's own fields, by key. */
  extraLabels?: Record<string, string> | undefined;
}

/** 基本信息: who took the assessment and what they filled in on the basic-info form. */
export function PersonInfo({ of: { user, basicInfo, startedAt, submittedAt, extraLabels } }: { of: Props }) {
  const extra = Object.entries(basicInfo?.extra ?? {});
  return (
    <Card title="基本信息" size="small" style={{ marginBottom: 16 }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'account', label: '账号姓名', children: user.name || '未填写' },
          {
            key: 'phone',
            label: '联系电话',
            children: (
              <a href={`tel:${basicInfo?.phone ?? user.telephone}`}>{basicInfo?.phone ?? user.telephone}</a>
            ),
          },
          ...(basicInfo
            ? [
                { key: 'name', label: '填写姓名', children: basicInfo.name },
                { key: 'gender', label: '性别', children: basicInfo.gender === 'female' ? '女' : '男' },
                { key: 'age', label: '年龄', children: `${basicInfo.age} 岁` },
                {
                  key: 'region',
                  label: '所在地区',
                  children: regionName(basicInfo.regionCode) ?? basicInfo.regionCode,
                },
              ]
            : [{ key: 'none', label: '基本信息', children: '尚未填写' }]),
          ...extra.map(([k, v]) => ({ key: `x-${k}`, label: extraLabels?.[k] ?? k, children: v })),
          { key: 'start', label: '开始时间', children: formatDateTime(startedAt) },
          {
            key: 'submit',
            label: '提交时间',
            children: submittedAt ? formatDateTime(submittedAt) : '未提交',
          },
        ]}
      />
    </Card>
  );
}
