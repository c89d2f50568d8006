import { EyeOutlined, PictureOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  COURSE_COVER_MAX_BYTES,
  COURSE_LIMITS,
  courseCategories,
  type CourseDraftBody,
  type CourseDraftView,
  type CourseVideo,
} from '@psy/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CardSkeleton, idParam, LoadError } from '../../../components/page-states';
import { RichTextEditor, RichTextView } from '../../../components/rich-text';
import { CourseStatusTag } from '../../../components/status-tags';
import { WorkbenchLayout } from '../../../components/workbench/workbench-layout';
import { WorkbenchHead } from '../../../components/workbench/workbench-shell';
import { toast } from '../../../lib/toast';
import { uploadCover, useCourseDraft, useSaveCourse, useSubmitCourse } from '../api/authoring';
import { ChaptersEditor, type EditChapter, type EditLesson } from '../components/chapters-editor';
import { CourseCover } from '../components/course-cover';
import { newKey } from '../components/format';

interface Basics {
  title: string;
  category: (typeof courseCategories)[number];
  intro: string;
  priceYuan: number;
}

const firstChapter = (): EditChapter[] => [
  {
    key: newKey(),
    title: '第一章',
    lessons: [{ key: newKey(), title: '', kind: 'video', freeTrial: true, videoId: null, body: null }],
  },
];

/** A text lesson's body: the shared rich-text editor (the server sanitises it again). */
function TextBody({
  lesson,
  readOnly,
  onChange,
}: {
  lesson: EditLesson;
  readOnly: boolean;
  onChange: (b: string) => void;
}) {
  if (readOnly) return <RichTextView html={lesson.body ?? ''} />;
  return (
    <RichTextEditor
      value={lesson.body ?? ''}
      onChange={onChange}
      minHeight={160}
      placeholder="图文课时的正文：可以使用标题、列表、引用和图片"
      aria-label={`${lesson.title || '图文课时'}正文`}
    />
  );
}

function Editor({ initial }: { initial: CourseDraftView | null }) {
  const navigate = useNavigate();
  const id = initial?.id ?? 0;
  const [form] = Form.useForm<Basics>();
  const [cover, setCover] = useState<{ name: string | null; url: string | null }>({
    name: initial?.draft.cover ?? null,
    url: initial?.coverUrl ?? null,
  });
  const [chapters, setChapters] = useState<EditChapter[]>(
    () => (initial?.draft.chapters as EditChapter[] | undefined) ?? firstChapter(),
  );
  const [videos, setVideos] = useState(() => new Map((initial?.videos ?? []).map((v) => [v.id, v])));
  const [uploadingCover, setUploadingCover] = useState(false);
  const save = useSaveCourse(id);
  const submit = useSubmitCourse();
  const readOnly = initial?.status === 'pending_review';
  const lessonCount = useMemo(() => chapters.reduce((n, c) => n + c.lessons.length, 0), [chapters]);

  useEffect(() => {
    if (initial)
      form.setFieldsValue({
        title: initial.draft.title,
        category: initial.draft.category,
        intro: initial.draft.intro,
        priceYuan: (initial.draft.priceFen ?? 0) / 100,
      });
  }, [initial, form]);

  const body = async (): Promise<CourseDraftBody | null> => {
    try {
      const v = await form.validateFields();
      return {
        title: v.title,
        category: v.category,
        intro: v.intro,
        priceFen: Math.round((v.priceYuan ?? 0) * 100),
        cover: cover.name,
        chapters: chapters.map((c) => ({
          ...c,
          lessons: c.lessons.map((l) => ({ ...l, title: l.title.trim() || '未命名课时' })),
        })),
      };
    } catch {
      toast.warning('请先填写完整的课程信息');
      return null;
    }
  };

  const saveDraft = async (then?: (id: number) => void) => {
    const b = await body();
    if (!b) return;
    save.mutate(b, {
      onSuccess: (r) => {
        if (then) then(r.id);
        else toast.success('已保存');
        if (!id) navigate(`/expert/course/detail?id=${r.id}`, { replace: true });
      },
    });
  };

  const pickCover = () => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'image/png,image/jpeg,image/webp,image/gif';
    input.onchange = async () => {
      const f = input.files?.[0];
      if (!f) return;
      if (f.size > COURSE_COVER_MAX_BYTES) {
        toast.error(`封面图片不能超过 ${COURSE_COVER_MAX_BYTES / 1024 / 1024} MB`);
        return;
      }
      setUploadingCover(true);
      try {
        const r = await uploadCover(f);
        setCover({ name: r.cover, url: r.url });
      } catch {
        // The upload toasts the server's message.
      } finally {
        setUploadingCover(false);
      }
    };
    input.click();
  };

  const live = initial?.published && initial.status !== 'offline' && !initial.takenOffline;
  return (
    <>
      <WorkbenchHead
        title={
          <Space wrap>
            {initial ? initial.draft.title : '新建课程'}
            {initial && <CourseStatusTag status={initial.status} />}
          </Space>
        }
        sub={
          initial?.published
            ? `当前上架版本 v${initial.version} · ${lessonCount} 个课时`
            : `${chapters.length} 章 · ${lessonCount} 个课时`
        }
        extra={
          <Space wrap>
            <Link to="/expert/course/list">返回列表</Link>
            {live && (
              <Link to={`/course/detail?id=${id}`}>
                <Button icon={<EyeOutlined />}>课程页</Button>
              </Link>
            )}
            {!readOnly && (
              <>
                <Button
                  icon={<SaveOutlined />}
                  loading={save.isPending && !submit.isPending}
                  onClick={() => void saveDraft()}
                >
                  保存草稿
                </Button>
                <Popconfirm
                  title="提交审核"
                  description={
                    initial?.published
                      ? '审核通过后新版本上架，学员的学习进度会保留。确定提交吗？'
                      : '审核通过后课程将在课程学习上架。确定提交吗？'
                  }
                  okText="提交"
                  cancelText="取消"
                  onConfirm={() => void saveDraft((cid) => submit.mutate(cid))}
                >
                  <Button type="primary" icon={<SendOutlined />} loading={submit.isPending}>
                    提交审核
                  </Button>
                </Popconfirm>
              </>
            )}
          </Space>
        }
      />
      {initial?.rejectReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`审核未通过：${initial.rejectReason}`}
          description="按意见修改后可以重新提交审核。"
        />
      )}
      {readOnly && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="课程正在审核中，审核结束前不能修改" />
      )}
      {initial?.published && !readOnly && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title="修改会生成新版本"
          description="保存的修改需提交审核，通过后才会上架；在此之前学员看到的仍是当前版本，已有的学习进度都会保留。"
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Card title="基本信息">
            <div style={{ marginBottom: 16 }}>
              <Typography.Text>课程封面</Typography.Text>
              <div style={{ marginTop: 8, maxWidth: 360 }}>
                <CourseCover id={id} title={form.getFieldValue('title') || '课程封面'} url={cover.url} />
              </div>
              {!readOnly && (
                <Button
                  icon={<PictureOutlined />}
                  style={{ marginTop: 8 }}
                  loading={uploadingCover}
                  onClick={pickCover}
                >
                  {cover.url ? '更换封面' : '上传封面'}
                </Button>
              )}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  建议 16:9，JPG/PNG/WebP，5 MB 以内；上传后统一裁切为 960×540
                </Typography.Text>
              </div>
            </div>
            <Form form={form} layout="vertical" disabled={readOnly} initialValues={{ priceYuan: 0 }}>
              <Form.Item
                name="title"
                label="课程名称"
                rules={[
                  { required: true, message: '请输入课程名称' },
                  { min: 2, message: '课程名称至少2个字' },
                ]}
              >
                <Input
                  maxLength={COURSE_LIMITS.titleMax}
                  showCount
                  placeholder="例如：走出焦虑：八周情绪练习"
                />
              </Form.Item>
              <Form.Item name="category" label="分类" rules={[{ required: true, message: '请选择课程分类' }]}>
                <Select
                  placeholder="请选择"
                  options={courseCategories.map((c) => ({ label: c, value: c }))}
                />
              </Form.Item>
              <Form.Item
                name="priceYuan"
                label="价格（元）"
                extra="填 0 为免费课程"
                rules={[{ required: true, message: '请输入价格' }]}
              >
                <InputNumber
                  min={0}
                  max={COURSE_LIMITS.priceMaxFen / 100}
                  precision={2}
                  step={1}
                  prefix="¥"
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Form.Item
                name="intro"
                label="课程介绍"
                rules={[
                  { required: true, message: '请输入课程介绍' },
                  { min: COURSE_LIMITS.introMin, message: `课程介绍至少${COURSE_LIMITS.introMin}个字` },
                ]}
              >
                <Input.TextArea
                  autoSize={{ minRows: 5, maxRows: 12 }}
                  maxLength={COURSE_LIMITS.introMax}
                  showCount
                  placeholder="这门课讲什么、适合谁、学完能收获什么"
                />
              </Form.Item>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={15}>
          <Card
            title="章节与课时"
            extra={<Typography.Text type="secondary">按住左侧把手拖动排序</Typography.Text>}
          >
            <ChaptersEditor
              chapters={chapters}
              videos={videos}
              readOnly={readOnly}
              onChange={setChapters}
              onVideo={(v: CourseVideo) => setVideos((m) => new Map(m).set(v.id, v))}
              renderBody={(lesson, change) => (
                <TextBody lesson={lesson} readOnly={readOnly} onChange={change} />
              )}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}

/** 课程详情 (/expert/course/detail?id=): create or edit a course; no id makes a new one. */
export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params);
  const { data, isPending, isError, error, refetch } = useCourseDraft(id);
  let body;
  if (!id) body = <Editor key="new" initial={null} />;
  else if (isError) body = <LoadError error={error} what="课程" onRetry={() => void refetch()} />;
  else if (isPending) body = <CardSkeleton rows={12} />;
  else body = <Editor key={`${data.id}-${data.status}`} initial={data} />;
  return <WorkbenchLayout>{body}</WorkbenchLayout>;
}
