import { PlusOutlined } from '@ant-design/icons';
import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_UPLOAD_PATH, type ContentImage } from '@psy/contracts';
import { Image, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { uploadUrl } from '../lib/format';
import { toast } from '../lib/toast';
import { fileProblem, IMAGE_TYPES, uploadFile } from '../lib/upload';

/**
 * Content images (covers, tweet pictures, banners) as a form control: the value is the list
 * of stored file names; each pick uploads at once with a progress bar (re-encoded by the
 * server), at most `max`. Works as an antd Form.Item child.
 */
export function ImageUpload({
  value = [],
  onChange,
  max,
  label = '上传图片',
}: {
  value?: string[];
  onChange?: (names: string[]) => void;
  max: number;
  label?: string;
}) {
  const [files, setFiles] = useState<UploadFile[]>(() => value.map(toFile));
  const [preview, setPreview] = useState<string | null>(null);

  // Follow a value set from outside (a loaded draft), keeping uploads in flight: adjusted
  // while rendering, as React advises for state derived from a prop.
  const key = value.join();
  const [seen, setSeen] = useState(key);
  if (key !== seen) {
    setSeen(key);
    const done = files.filter((f) => f.status === 'done').map((f) => f.name);
    if (key !== done.join())
      setFiles([...value.map(toFile), ...files.filter((f) => f.status === 'uploading')]);
  }

  const report = (fs: UploadFile[]) => onChange?.(fs.filter((f) => f.status === 'done').map((f) => f.name));

  return (
    <>
      <Upload
        listType="picture-card"
        accept={IMAGE_TYPES.join(',')}
        multiple={max > 1}
        fileList={files}
        maxCount={max}
        beforeUpload={(file, batch) => {
          const problem = fileProblem(file, { types: IMAGE_TYPES, maxBytes: CONTENT_IMAGE_MAX_BYTES });
          if (problem) {
            toast.error(problem);
            return Upload.LIST_IGNORE;
          }
          if (files.length + batch.indexOf(file) >= max) {
            if (batch.indexOf(file) === batch.length - 1) toast.error(`最多上传${max}张图片`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onProgress, onSuccess, onError }) => {
          uploadFile<ContentImage>(CONTENT_IMAGE_UPLOAD_PATH, file as File, {
            onProgress: (percent) => onProgress?.({ percent }),
          }).then(
            (image) => onSuccess?.(image),
            (err: Error) => onError?.(err),
          );
        }}
        onChange={({ file, fileList }) => {
          const next = fileList
            .filter((f) => f.status !== 'error')
            .map((f) =>
              f.uid === file.uid && f.status === 'done' && f.response
                ? { ...f, name: (f.response as ContentImage).name, url: (f.response as ContentImage).url }
                : f,
            );
          setFiles(next);
          if (file.status === 'done' || file.status === 'removed') report(next);
        }}
        onPreview={(f) => setPreview(f.url ?? null)}
      >
        {files.length >= max ? null : (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{label}</div>
          </button>
        )}
      </Upload>
      {preview && (
        <Image
          style={{ display: 'none' }}
          src={preview}
          preview={{ visible: true, onVisibleChange: (v) => !v && setPreview(null) }}
        />
      )}
    </>
  );
}

function toFile(name: string): UploadFile {
  return { uid: name, name, status: 'done', url: uploadUrl(name) };
}

/** One image (a cover, a banner) as a form control: a name or null. */
export function SingleImageUpload({
  value,
  onChange,
  label,
}: {
  value?: string | null;
  onChange?: (name: string | null) => void;
  label?: string;
}) {
  return (
    <ImageUpload
      max={1}
      label={label}
      value={value ? [value] : []}
      onChange={(names) => onChange?.(names[0] ?? null)}
    />
  );
}
