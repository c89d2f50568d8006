import { genderLabels } from '@psy/contracts';
import { Input, Table } from 'antd';
import { useState } from 'react';
import { LoadFailed } from '../../../components/page-states';
import { useMembers, type OrgMember } from '../api/org';

const PAGE_SIZE = 10;

/** 成员: the selected unit's members (sub-units included), or the institution's, searchable and paged. */
export function MembersTable({ institutionId, unitId }: { institutionId: number; unitId?: number }) {
  const [keyword, setKeyword] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const query = useMembers(
    { institutionId, unitId, keyword: keyword || undefined, pageNum, pageSize: PAGE_SIZE },
    true,
  );
  const { data } = query;
  if (query.isError) return <LoadFailed title="成员加载失败" onRetry={() => void query.refetch()} />;
  return (
    <>
      <Input.Search
        allowClear
        placeholder="姓名、手机号或学号/工号"
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPageNum(1);
        }}
      />
      <Table<OrgMember>
        rowKey="id"
        size="small"
        loading={query.isPending || query.isFetching}
        dataSource={data?.list ?? []}
        scroll={{ x: 640 }}
        locale={{ emptyText: keyword ? '没有找到匹配的成员' : '这个单位还没有成员，可在“导入名单”中导入' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          showTotal: (t) => `共 ${t} 人`,
          onChange: setPageNum,
        }}
        columns={[
          { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
          { title: '学号/工号', dataIndex: 'memberNo', width: 110 },
          { title: '手机号', dataIndex: 'telephone', width: 120 },
          { title: '单位', dataIndex: 'unitPath' },
          {
            title: '性别',
            dataIndex: 'gender',
            width: 60,
            render: (g: OrgMember['gender']) => genderLabels[g],
          },
          { title: '出生年份', dataIndex: 'birthYear', width: 90, render: (y: number | null) => y ?? '—' },
        ]}
      />
    </>
  );
}
