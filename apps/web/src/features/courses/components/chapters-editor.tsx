import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { COURSE_LIMITS, type CourseVideo } from '@psy/contracts';
import { Button, Card, Flex, Input, Popconfirm, Segmented, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { newKey } from './format';
import { VideoUpload } from './video-upload';

export interface EditLesson {
  key: string;
  title: string;
  kind: 'video' | 'text';
  freeTrial: boolean;
  videoId: string | null;
  body: string | null;
}
export interface EditChapter {
  key: string;
  title: string;
  lessons: EditLesson[];
}

/** A row that can be dragged by its handle (mouse, touch, or keyboard: space, arrows, space). */
function Sortable({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label="拖动排序"
      style={{ cursor: 'grab', touchAction: 'none' }}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}

function useReorder<T extends { key: string }>(items: T[], onChange: (next: T[]) => void) {
  return (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = items.findIndex((i) => i.key === e.active.id);
    const to = items.findIndex((i) => i.key === e.over!.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(items, from, to));
  };
}

function LessonRows({
  chapter,
  videos,
  readOnly,
  onChange,
  onVideo,
  renderBody,
}: {
  chapter: EditChapter;
  videos: Map<string, CourseVideo>;
  readOnly: boolean;
  onChange: (lessons: EditLesson[]) => void;
  onVideo: (v: CourseVideo) => void;
  renderBody: (lesson: EditLesson, change: (body: string) => void) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const set = (i: number, patch: Partial<EditLesson>) =>
    onChange(chapter.lessons.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={useReorder(chapter.lessons, onChange)}
    >
      <SortableContext items={chapter.lessons.map((l) => l.key)} strategy={verticalListSortingStrategy}>
        {chapter.lessons.map((l, i) => (
          <Sortable key={l.key} id={l.key}>
            {(handle) => (
              <div
                data-lesson-editor={l.key}
                style={{
                  border: '1px solid #f0f0f0',
                  borderRadius: 6,
                  padding: 10,
                  marginBottom: 8,
                  background: '#fff',
                }}
              >
                <Flex gap={8} align="center" wrap>
                  {!readOnly && handle}
                  <Typography.Text type="secondary">课时 {i + 1}</Typography.Text>
                  <Input
                    value={l.title}
                    placeholder="课时名称"
                    maxLength={COURSE_LIMITS.lessonTitleMax}
                    disabled={readOnly}
                    aria-label={`第 ${i + 1} 课时名称`}
                    style={{ flex: 1, minWidth: 160 }}
                    onChange={(e) => set(i, { title: e.target.value })}
                  />
                  <Segmented
                    size="small"
                    value={l.kind}
                    disabled={readOnly}
                    options={[
                      { label: '视频', value: 'video' },
                      { label: '图文', value: 'text' },
                    ]}
                    onChange={(v) => set(i, { kind: v as EditLesson['kind'] })}
                  />
                  <Flex align="center" gap={4}>
                    <Switch
                      size="small"
                      checked={l.freeTrial}
                      disabled={readOnly}
                      onChange={(v) => set(i, { freeTrial: v })}
                      aria-label="免费试看"
                    />
                    <Typography.Text type="secondary">试看</Typography.Text>
                  </Flex>
                  {!readOnly && (
                    <Popconfirm
                      title="删除这个课时？"
                      okText="删除"
                      cancelText="取消"
                      onConfirm={() => onChange(chapter.lessons.filter((_, j) => j !== i))}
                    >
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label="删除课时"
                      />
                    </Popconfirm>
                  )}
                </Flex>
                <div style={{ marginTop: 8 }}>
                  {l.kind === 'video' ? (
                    <VideoUpload
                      label={l.title || `第 ${i + 1} 课时`}
                      video={l.videoId ? (videos.get(l.videoId) ?? null) : null}
                      disabled={readOnly}
                      onUploaded={(v) => {
                        onVideo(v);
                        set(i, { videoId: v.id });
                      }}
                    />
                  ) : (
                    renderBody(l, (body) => set(i, { body }))
                  )}
                </div>
              </div>
            )}
          </Sortable>
        ))}
      </SortableContext>
    </DndContext>
  );
}

/** Chapters and lessons, each dragged by its handle to reorder; keys stay with them. */
export function ChaptersEditor({
  chapters,
  videos,
  readOnly,
  onChange,
  onVideo,
  renderBody,
}: {
  chapters: EditChapter[];
  videos: Map<string, CourseVideo>;
  readOnly: boolean;
  onChange: (next: EditChapter[]) => void;
  onVideo: (v: CourseVideo) => void;
  renderBody: (lesson: EditLesson, change: (body: string) => void) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const set = (i: number, patch: Partial<EditChapter>) =>
    onChange(chapters.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const addLesson = (i: number) =>
    set(i, {
      lessons: [
        ...chapters[i]!.lessons,
        { key: newKey(), title: '', kind: 'video', freeTrial: false, videoId: null, body: null },
      ],
    });
  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={useReorder(chapters, onChange)}
      >
        <SortableContext items={chapters.map((c) => c.key)} strategy={verticalListSortingStrategy}>
          {chapters.map((ch, i) => (
            <Sortable key={ch.key} id={ch.key}>
              {(handle) => (
                <Card
                  size="small"
                  style={{ marginBottom: 12, background: '#fafafa' }}
                  data-chapter-editor={ch.key}
                >
                  <Flex gap={8} align="center" style={{ marginBottom: 10 }}>
                    {!readOnly && handle}
                    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                      第 {i + 1} 章
                    </Typography.Text>
                    <Input
                      value={ch.title}
                      placeholder="章节名称"
                      maxLength={COURSE_LIMITS.lessonTitleMax}
                      disabled={readOnly}
                      aria-label={`第 ${i + 1} 章名称`}
                      onChange={(e) => set(i, { title: e.target.value })}
                    />
                    {!readOnly && (
                      <Popconfirm
                        title="删除这一章及其所有课时？"
                        okText="删除"
                        cancelText="取消"
                        onConfirm={() => onChange(chapters.filter((_, j) => j !== i))}
                      >
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除章节" />
                      </Popconfirm>
                    )}
                  </Flex>
                  <LessonRows
                    chapter={ch}
                    videos={videos}
                    readOnly={readOnly}
                    onChange={(lessons) => set(i, { lessons })}
                    onVideo={onVideo}
                    renderBody={renderBody}
                  />
                  {!readOnly && ch.lessons.length < COURSE_LIMITS.lessonsPerChapter && (
                    <Button type="dashed" block icon={<PlusOutlined />} onClick={() => addLesson(i)}>
                      添加课时
                    </Button>
                  )}
                </Card>
              )}
            </Sortable>
          ))}
        </SortableContext>
      </DndContext>
      {!readOnly && chapters.length < COURSE_LIMITS.chapters && (
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([
              ...chapters,
              {
                key: newKey(),
                title: `第${chapters.length + 1}章`,
                lessons: [
                  { key: newKey(), title: '', kind: 'video', freeTrial: false, videoId: null, body: null },
                ],
              },
            ])
          }
        >
          添加章节
        </Button>
      )}
    </>
  );
}
