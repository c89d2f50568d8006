import { ClockCircleOutlined, SendOutlined } from '@ant-design/icons';
import {
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  newsCategories,
  newsCategoryLabels,
  type NewsEditable,
  type NewsCategory,
} from '@psy/contracts';
import { Button, Card, DatePicker, Flex, Form, Input, Modal, Popconfirm, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { SingleImageUpload } from '../../../components/image-upload';
import { RichTextEditor } from '../../../components/rich-text';
import { AuditLayout } from '../../../components/workbench/audit-layout';
import { useEditorId, useItemEditor } from '../../../components/workbench/item-editor';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { formatDateTime, fromPicker, pickerValue } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useNewsAction, useNewsEditable, useSaveNews } from '../api/news';
import { NewsStatusTag } from '../components/news-status-tag';

interface Values {
  title: string;
  category: NewsCategory;
  summary: string;
  cover: string | null;
  body: string;
  pinned: boolean;
}

const valuesOf = (a: NewsEditable): Values => ({
  title: a.title,
  category: a.category,
  summary: a.summary,
  cover: a.cover,
  body: a.body,
  pinned: a.pinned,
});

/** 编辑资讯 (/audit/news/detail?id=, new without an id): write, save, publish now or later. */
export function Component() {
  const id = useEditorId();
  const save = useSaveNews(id);
  const act = useNewsAction();
  const {
    form,
    item: article,
    state,
    persist,
  } = useItemEditor<Values, NewsEditable>({
    id,
    query: useNewsEditable(id),
    save: (v) => save.mutateAsync({ ...v, cover: v.cover ?? null }),
    values: valuesOf,
    path: '/audit/news/detail',
    notFound: { title: '资讯不存在', back: { to: '/audit/news/list', label: '返回资讯管理' } },
    failed: '资讯加载失败',
    skeletonRows: 10,
    onInvalid: () => toast.error('请检查标红的项目'),
  });
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [at, setAt] = useState<Dayjs | null>(null);

  async function publish(publishAt: string | null) {
    const savedId = await persist().catch(() => null);
    if (!savedId) return;
    const done = await act.mutateAsync({ id: savedId, action: 'publish', publishAt }).catch(() => null);
    if (done) toast.success(publishAt ? `已设置在 ${formatDateTime(publishAt)} 发布` : '资讯已发布');
    setScheduleOpen(false);
  }

  const busy = save.isPending || act.isPending;
  const status = article?.status ?? 'draft';
  const live = status === 'published';

  return (
    <AuditLayout>
      <WorkbenchHead
        title={
          <Space>
            {id > 0 ? '编辑资讯' : '写资讯'}
            {article && <NewsStatusTag status={article.status} />}
          </Space>
        }
        sub={
          article?.status === 'scheduled' && article.publishAt
            ? `将于 ${formatDateTime(article.publishAt)} 自动发布`
            : article?.status === 'published' && article.publishedAt
              ? `发布于 ${formatDateTime(article.publishedAt)} · 阅读 ${article.views}`
              : '正文中的图片会重新压缩；脚本、样式和站外图片会被自动去除'
        }
        extra={<Link to="/audit/news/list">返回列表</Link>}
      />
      {state ? (
        state.view
      ) : (
        <Card>
          <Form<Values>
            form={form}
            layout="vertical"
            initialValues={{ category: 'science', pinned: false, cover: null, body: '' }}
            disabled={busy}
          >
            <Form.Item
              name="title"
              label="标题"
              rules={[{ required: true, whitespace: true, message: '请输入标题' }]}
            >
              <Input maxLength={NEWS_TITLE_MAX} showCount placeholder="例如：认识焦虑：它从哪里来" />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item name="category" label="分类" style={{ minWidth: 200 }}>
                <Select options={newsCategories.map((c) => ({ value: c, label: newsCategoryLabels[c] }))} />
              </Form.Item>
              <Form.Item name="pinned" label="置顶" valuePropName="checked">
                <Switch checkedChildren="置顶" unCheckedChildren="不置顶" />
              </Form.Item>
            </Flex>
            <Form.Item
              name="summary"
              label="摘要"
              rules={[{ required: true, whitespace: true, message: '请输入摘要' }]}
            >
              <Input.TextArea
                maxLength={NEWS_SUMMARY_MAX}
                showCount
                autoSize={{ minRows: 2, maxRows: 4 }}
                placeholder="列表和分享时显示的一两句话"
              />
            </Form.Item>
            <Form.Item name="cover" label="封面（可选）">
              <SingleImageUpload label="上传封面" />
            </Form.Item>
            <Form.Item name="body" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
              <RichTextEditor placeholder="请输入正文，可插入图片" />
            </Form.Item>
          </Form>
          <Flex gap={8} wrap justify="flex-end">
            {article && article.status !== 'draft' && article.status !== 'offline' && (
              <Popconfirm
                title="下线后读者将看不到这篇资讯，确定下线？"
                onConfirm={() =>
                  act.mutateAsync({ id, action: 'offline' }).then(
                    () => toast.success('资讯已下线'),
                    () => {},
                  )
                }
              >
                <Button danger disabled={busy}>
                  下线
                </Button>
              </Popconfirm>
            )}
            <Button
              disabled={busy}
              onClick={() =>
                void persist()
                  .then((ok) => ok && toast.success(live ? '修改已保存并生效' : '已保存'))
                  .catch(() => {})
              }
            >
              {live ? '保存修改' : '保存草稿'}
            </Button>
            {!live && (
              <>
                <Button icon={<ClockCircleOutlined />} disabled={busy} onClick={() => setScheduleOpen(true)}>
                  定时发布
                </Button>
                <Button
                  type="primary"
                  icon={<SendOutlined />}
                  loading={busy}
                  onClick={() => void publish(null)}
                >
                  立即发布
                </Button>
              </>
            )}
          </Flex>
        </Card>
      )}
      <Modal
        title="定时发布"
        open={scheduleOpen}
        okText="确定"
        okButtonProps={{ disabled: !at, loading: busy }}
        onOk={() => at && void publish(fromPicker(at))}
        onCancel={() => setScheduleOpen(false)}
      >
        <p>到时间后资讯会自动出现在列表中（北京时间）。</p>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          value={at}
          onChange={setAt}
          disabledDate={(d) => d.isBefore(pickerValue().startOf('day'))}
          placeholder="选择发布时间"
        />
      </Modal>
    </AuditLayout>
  );
}
