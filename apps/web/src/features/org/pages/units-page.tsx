import { Card, Col, Empty, Row, Select, Tabs } from 'antd';
import { useState } from 'react';
import { CardSkeleton, LoadFailed } from '../../../components/page-states';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { useInstitutions, useUnits } from '../api/org';
import { MembersTable } from '../components/members-table';
import { RosterImport } from '../components/roster-import';
import { UnitStaff } from '../components/unit-staff';
import { UnitTree } from '../components/unit-tree';

/** 组织与名单 (/audit/org/units): an institution's units, its roster and each unit's staff. */
export function Component() {
  const institutions = useInstitutions();
  const [chosen, setInstitutionId] = useState<number>();
  // The first institution until the auditor picks another.
  const institutionId = chosen ?? institutions.data?.[0]?.id;
  const [unitId, setUnitId] = useState<number>();
  const units = useUnits(institutionId);
  const selected = units.data?.find((u) => u.id === unitId);

  let body;
  if (institutions.isPending || (institutionId !== undefined && units.isPending))
    body = <CardSkeleton rows={6} />;
  else if (institutions.isError)
    body = <LoadFailed title="机构加载失败" onRetry={() => void institutions.refetch()} />;
  else if (!institutionId) body = <Empty description="还没有机构" />;
  else if (units.isError || !units.data)
    body = <LoadFailed title="单位加载失败" onRetry={() => void units.refetch()} />;
  else
    body = (
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

  return (
    <AuditLayout>
      <WorkbenchHead
        title="组织与名单"
        sub="机构的学院、年级、班级或部门，名单导入，以及各单位的负责人"
        extra={
          <Select
            aria-label="机构"
            style={{ minWidth: 220, maxWidth: '100%' }}
            loading={institutions.isPending}
            value={institutionId}
            onChange={(v) => {
              setInstitutionId(v);
              setUnitId(undefined);
            }}
            options={(institutions.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
          />
        }
      />
      {body}
    </AuditLayout>
  );
}
