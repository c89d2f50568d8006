import { SendOutlined } from '@ant-design/icons';
import {
  TWEET_IMAGES_MAX,
  TWEET_TEXT_MAX,
  tweetVisibilities,
  tweetVisibilityLabels,
  type MyTweet,
  type TweetVisibility,
} from '@psy/contracts';
import { Alert, Button, Card, Flex, Form, Input, Radio, Space } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ImageUpload } from '../../../components/image-upload';
import { useEditorId, useItemEditor } from '../../../components/workbench/item-editor';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { toast } from '../../../lib/toast';
import { useMyTweet, useSaveTweet, useTweetAction } from '../api/tweets';
import { TweetImages } from '../components/tweet-images';
import { TweetStatusTag } from '../components/tweet-status-tag';

interface Values {
  content: string;
  images: string[];
  visibility: TweetVisibility;
}

const valuesOf = (t: MyTweet): Values => ({ content: t.content, images: t.images, visibility: t.visibility });

/** 推文详情 (/expert/tweet/detail?id=, new without an id): write text and pictures, submit for review. */
export function Component() {
  const id = useEditorId();
  const navigate = useNavigate();
  const save = useSaveTweet(id);
  const act = useTweetAction();
  const {
    form,
    item: tweet,
    state,
    persist,
  } = useItemEditor<Values, MyTweet>({
    id,
    query: useMyTweet(id),
    save: (v) => save.mutateAsync(v),
    values: valuesOf,
    path: '/expert/tweet/detail',
    notFound: { title: '动态不存在', back: { to: '/expert/tweet', label: '返回我的动态' } },
    failed: '动态加载失败',
    skeletonRows: 6,
  });
  const editable = !tweet || tweet.status === 'draft' || tweet.status === 'rejected';

  async function submit() {
    const savedId = await persist();
    if (!savedId) return;
    await act.mutateAsync({ id: savedId, action: 'submit' }).catch(() => null);
    navigate('/expert/tweet');
  }

  const busy = save.isPending || act.isPending;

  return (
    <WorkbenchLayout>
      <WorkbenchHead
        title={
          <Space>
            {id > 0 ? '编辑动态' : '发动态'}
            {tweet && <TweetStatusTag status={tweet.status} />}
          </Space>
        }
        sub="动态提交后由平台审核，通过后公开显示"
        extra={<Link to="/expert/tweet">返回列表</Link>}
      />
      {state ? (
        state.view
      ) : (
        <Card>
          {tweet?.status === 'rejected' && tweet.rejectReason && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              message="上次提交未通过审核"
              description={`原因：${tweet.rejectReason}。修改后可重新提交。`}
            />
          )}
          {tweet?.status === 'pending' && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="动态正在审核中，审核结果会以消息通知您"
            />
          )}
          {editable ? (
            <Form<Values>
              form={form}
              layout="vertical"
              initialValues={{ content: '', images: [], visibility: 'public' }}
              disabled={busy}
            >
              <Form.Item
                name="content"
                label="内容"
                rules={[{ required: true, whitespace: true, message: '请输入动态内容' }]}
              >
                <Input.TextArea
                  maxLength={TWEET_TEXT_MAX}
                  showCount
                  autoSize={{ minRows: 5, maxRows: 12 }}
                  placeholder="分享一点心理健康小知识、近期的活动或感悟……"
                />
              </Form.Item>
              <Form.Item name="images" label={`图片（最多${TWEET_IMAGES_MAX}张，可选）`}>
                <ImageUpload max={TWEET_IMAGES_MAX} />
              </Form.Item>
              <Form.Item name="visibility" label="可见范围">
                <Radio.Group
                  options={tweetVisibilities.map((v) => ({ value: v, label: tweetVisibilityLabels[v] }))}
                />
              </Form.Item>
              <Flex gap={8} justify="flex-end" wrap>
                <Button
                  disabled={busy}
                  onClick={() => void persist().then((ok) => ok && toast.success('草稿已保存'))}
                >
                  保存草稿
                </Button>
                <Button type="primary" icon={<SendOutlined />} loading={busy} onClick={() => void submit()}>
                  提交审核
                </Button>
              </Flex>
            </Form>
          ) : (
            tweet && (
              <>
                <p style={{ whiteSpace: 'pre-wrap' }}>{tweet.content}</p>
                <TweetImages images={tweet.images} />
                <p style={{ color: '#8c8c8c', marginTop: 12 }}>{tweetVisibilityLabels[tweet.visibility]}</p>
              </>
            )
          )}
        </Card>
      )}
    </WorkbenchLayout>
  );
}
