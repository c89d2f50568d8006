import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ORG_UNIT_KIND_MAX, ORG_UNIT_NAME_MAX } from '@psy/contracts';
import { Button, Empty, Form, Input, Modal, Popconfirm, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useCreateUnit, useDeleteUnit, useEditUnit, type OrgUnit } from '../api/org';

interface TreeNode extends DataNode {
  key: number;
  children: TreeNode[];
}

/** The flat list as antd's tree, children in the server's order. */
export function toTree(units: OrgUnit[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const u of units)
    nodes.set(u.id, {
      key: u.id,
      title: (
        <span>
          {u.name}
          {u.kind && <Typography.Text type="secondary"> · {u.kind}</Typography.Text>}
          {u.memberCount > 0 && <Typography.Text type="secondary">（{u.memberCount}人）</Typography.Text>}
        </span>
      ),
      children: [],
    });
  const roots: TreeNode[] = [];
  for (const u of units) {
    const node = nodes.get(u.id)!;
    const parent = u.parentId !== null ? nodes.get(u.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

type Editing = { mode: 'create'; parentId: number | null } | { mode: 'rename'; unit: OrgUnit } | null;

/** 单位树: pick a unit; add a top unit or a sub-unit, rename, delete (only empty ones: the server says why not). */
export function UnitTree({
  institutionId,
  units,
  selected,
  onSelect,
}: {
  institutionId: number;
  units: OrgUnit[];
  selected: OrgUnit | undefined;
  onSelect: (id: number | undefined) => void;
}) {
  const tree = useMemo(() => toTree(units), [units]);
  const [editing, setEditing] = useState<Editing>(null);
  // Everything is open, new units too, except what the auditor folded.
  const [folded, setFolded] = useState<ReadonlySet<number>>(new Set());
  const expanded = units.filter((u) => !folded.has(u.id)).map((u) => u.id);
  const [form] = Form.useForm<{ name: string; kind: string }>();
  const create = useCreateUnit();
  const edit = useEditUnit();
  const remove = useDeleteUnit();

  const open = (e: Editing) => {
    setEditing(e);
    form.setFieldsValue(
      e?.mode === 'rename' ? { name: e.unit.name, kind: e.unit.kind } : { name: '', kind: '' },
    );
  };
  const save = async () => {
    const v = await form.validateFields();
    if (editing?.mode === 'create') {
      const u = await create.mutateAsync({ institutionId, parentId: editing.parentId, ...v });
      onSelect(u.id);
    } else if (editing?.mode === 'rename') await edit.mutateAsync({ id: editing.unit.id, ...v });
    setEditing(null);
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<PlusOutlined />} onClick={() => open({ mode: 'create', parentId: null })}>
          顶级单位
        </Button>
        <Button
          icon={<ApartmentOutlined />}
          disabled={!selected}
          onClick={() => selected && open({ mode: 'create', parentId: selected.id })}
        >
          下级单位
        </Button>
        <Button
          icon={<EditOutlined />}
          disabled={!selected}
          onClick={() => selected && open({ mode: 'rename', unit: selected })}
        >
          重命名
        </Button>
        <Popconfirm
          title={`删除“${selected?.name ?? ''}”？`}
          description="只能删除没有下级单位和成员的单位"
          disabled={!selected}
          onConfirm={async () => {
            if (!selected) return;
            await remove.mutateAsync(selected.id);
            onSelect(undefined);
          }}
        >
          <Button danger icon={<DeleteOutlined />} disabled={!selected} loading={remove.isPending}>
            删除
          </Button>
        </Popconfirm>
      </Space>
      {tree.length === 0 ? (
        <Empty description="还没有单位，先建一个顶级单位，或直接导入名单（单位会按路径自动创建）" />
      ) : (
        <Tree<TreeNode>
          aria-label="单位树"
          treeData={tree}
          expandedKeys={expanded}
          onExpand={(_, info) => {
            const id = Number(info.node.key);
            const next = new Set(folded);
            if (info.expanded) next.delete(id);
            else next.add(id);
            setFolded(next);
          }}
          blockNode
          selectedKeys={selected ? [selected.id] : []}
          // A second click keeps the unit chosen (antd would unselect it).
          onSelect={(_, info) => onSelect(Number(info.node.key))}
        />
      )}
      <Modal
        title={editing?.mode === 'rename' ? '重命名单位' : '新建单位'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void save().catch(() => undefined)}
        confirmLoading={create.isPending || edit.isPending}
        okText="保存"
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label="单位名称"
            rules={[
              { required: true, whitespace: true, message: '请填写单位名称' },
              { max: ORG_UNIT_NAME_MAX, message: `单位名称最多${ORG_UNIT_NAME_MAX}个字` },
              { pattern: /^[^/]*$/, message: '单位名称不能包含“/”' },
            ]}
          >
            <Input placeholder="如 心理学院、2026级、1班、人力资源部" />
          </Form.Item>
          <Form.Item name="kind" label="类型（可选）" rules={[{ max: ORG_UNIT_KIND_MAX }]}>
            <Input placeholder="如 学院、年级、班级、部门、团队" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
