import { Card, Col, Empty, Row, Tabs } from 'antd';
import { useState } from 'react';
import { CardSkeleton, LoadFailed } from '../../../components/page-states';
import { useUnits } from '../api/org';
import { MembersTable } from './members-table';
import { RosterImport } from './roster-import';
import { UnitStaff } from './unit-staff';
import { UnitTree } from './unit-tree';

/**
 * One institution's units (left), and the chosen unit's members, the roster import and its staff
 * (right). The endpoints come from the page's `OrgApiBase`: the audit workbench's or an expert's.
 */
export function OrgWorkspace({ institutionId }: { institutionId: number }) {
  const [unitId, setUnitId] = useState<number>();
  const units = useUnits(institutionId);
  const selected = units.data?.find((u) => u.id === unitId);

  if (units.isPending) return <CardSkeleton rows={6} />;
  if (units.isError || !units.data)
    return <LoadFailed title="单位加载失败" onRetry={() => void units.refetch()} />;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card title="单位" size="small">
          <UnitTree
            institutionId={institutionId}
            units={units.data}
            selected={selected}
            onSelect={setUnitId}
          />
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card size="small" title={selected ? `成员 · ${selected.name}（含下级单位）` : '全部成员'}>
          <Tabs
            items={[
              {
                key: 'members',
                label: '成员',
                children: (
                  <MembersTable
                    key={`${institutionId}-${unitId}`}
                    institutionId={institutionId}
                    unitId={unitId}
                  />
                ),
              },
              {
                key: 'import',
                label: '导入名单',
                children: <RosterImport institutionId={institutionId} />,
              },
              {
                key: 'staff',
                label: '负责人',
                children: selected ? (
                  <UnitStaff unit={selected} />
                ) : (
                  <Empty description="先在左侧选择一个单位" />
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
