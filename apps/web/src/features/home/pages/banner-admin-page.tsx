import { PlusOutlined } from '@ant-design/icons';
import { BANNERS_MAX, platformLink, publicPages, type Banner, type BannerBody } from '@psy/contracts';
import {
  AutoComplete,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { SingleImageUpload } from '../../../components/image-upload';
import { CardSkeleton, LoadError } from '../../../components/page-states';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import styles from '../../../components/workbench/workbench.module.css';
import { uploadUrl } from '../../../lib/format';
import { useAllBanners, useBannerMutation } from '../api/banners';

/** Pages a banner may lead to (the list pages; a detail page is typed with its number). */
const pages = publicPages.map((p) => ({
  value: 'needs' in p ? `${p.path}?${p.needs}=` : p.path,
  label: p.title,
}));

interface Values {
  title: string;
  image: string | null;
  link: string;
  position: number;
  enabled: boolean;
}

/** 首页轮播 (/audit/banner/list): the home carousel's banners. */
export function Component() {
  const { data, isPending, isError, error, refetch } = useAllBanners();
  const save = useBannerMutation();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const full = (data?.length ?? 0) >= BANNERS_MAX;

  function open(b: Banner | 'new') {
    setEditing(b);
    form.setFieldsValue(
      b === 'new'
        ? { title: '', image: null, link: '/app/news', position: (data?.length ?? 0) + 1, enabled: true }
        : { ...b },
    );
  }

  async function submit() {
    const v = await form.validateFields();
    const body: BannerBody = { ...v, image: v.image ?? '' };
    await save.mutateAsync({ id: editing === 'new' ? undefined : editing?.id, body });
    setEditing(null);
  }

  return (
    <AuditLayout>
      <WorkbenchHead
        title="首页轮播"
        sub={`首页顶部轮播的图片，按排序从小到大显示，最多 ${BANNERS_MAX} 张`}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={full} onClick={() => open('new')}>
            {full ? `已达 ${BANNERS_MAX} 张上限` : '添加轮播图'}
          </Button>
        }
      />
      <Card>
        {isPending ? (
          <CardSkeleton rows={4} />
        ) : isError ? (
          <LoadError error={error} what="轮播图" onRetry={() => void refetch()} />
        ) : data.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center', padding: '32px 0' }}>
            还没有轮播图，首页将只显示平台介绍
          </Typography.Paragraph>
        ) : (
          data.map((b) => (
            <div key={b.id} className={styles.listItem}>
              <Flex gap={12} align="center" wrap>
                <img
                  src={uploadUrl(b.image)}
                  alt=""
                  style={{ width: 160, aspectRatio: '16 / 6', objectFit: 'cover', borderRadius: 6 }}
                />
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Space wrap size={6}>
                    <Typography.Text strong>{b.title}</Typography.Text>
                    {b.enabled ? <Tag color="green">显示中</Tag> : <Tag>已停用</Tag>}
                  </Space>
                  <div className={styles.muted}>
                    排序 {b.position} · 跳转 {b.link}
                  </div>
                </div>
                <Space>
                  <a onClick={() => open(b)}>编辑</a>
                  <Popconfirm
                    title="确定删除这张轮播图？"
                    onConfirm={() => save.mutate({ id: b.id, remove: true })}
                  >
                    <a style={{ color: '#ff4d4f' }}>删除</a>
                  </Popconfirm>
                </Space>
              </Flex>
            </div>
          ))
        )}
      </Card>
      <Modal
        title={editing === 'new' ? '添加轮播图' : '编辑轮播图'}
        open={editing !== null}
        okText="保存"
        confirmLoading={save.isPending}
        onOk={() => void submit().catch(() => {})}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
          >
            <Input maxLength={40} showCount />
          </Form.Item>
          <Form.Item
            name="image"
            label="图片（建议 1200 × 300）"
            rules={[{ required: true, message: '请上传图片' }]}
          >
            <SingleImageUpload label="上传图片" />
          </Form.Item>
          <Form.Item
            name="link"
            label="跳转页面"
            extra="本平台的公开页面，如 /app/news；详情页带上编号，如 /news/detail?id=1"
            rules={[
              {
                // The server's own check (contracts): a public page of the platform, with its number.
                validator: (_, value: unknown) => {
                  const r = platformLink.safeParse(value ?? '');
                  return r.success
                    ? Promise.resolve()
                    : Promise.reject(new Error(r.error.issues[0]?.message));
                },
              },
            ]}
          >
            <AutoComplete
              options={pages.map((p) => ({ value: p.value, label: `${p.label} ${p.value}` }))}
              filterOption={(input, option) => !!option?.label.includes(input)}
            />
          </Form.Item>
          <Flex gap={24}>
            <Form.Item name="position" label="排序">
              <InputNumber min={0} max={999} precision={0} />
            </Form.Item>
            <Form.Item name="enabled" label="显示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
        </Form>
      </Modal>
    </AuditLayout>
  );
}
