import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, rosterColumns } from '@psy/contracts';
import { Alert, Button, Progress, Space, Table, Typography, Upload } from 'antd';
import { useRef, useState } from 'react';
import {
  downloadErrorReport,
  downloadTemplate,
  importRoster,
  useAfterImport,
  useOrgBase,
  type RosterBadRow,
  type RosterImportResult,
} from '../api/org';

/** 导入名单: template, upload with a progress bar, then the summary or the refused rows and their report. */
export function RosterImport({ institutionId }: { institutionId: number }) {
  const [percent, setPercent] = useState<number | null>(null);
  const [result, setResult] = useState<RosterImportResult | null>(null);
  const [fileName, setFileName] = useState('');
  const abort = useRef<AbortController | null>(null);
  const refresh = useAfterImport();
  const base = useOrgBase();

  const send = async (file: File) => {
    setResult(null);
    setFileName(file.name);
    setPercent(0);
    abort.current = new AbortController();
    try {
      const r = await importRoster(base, institutionId, file, {
        onProgress: setPercent,
        signal: abort.current.signal,
      });
      setResult(r);
      if (r.ok) refresh();
    } catch {
      // the upload client has shown the server's message (413, 400…)
    } finally {
      setPercent(null);
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        列依次为 {rosterColumns.join('、')}；单位写完整路径（如
        心理学院/2026级/1班），不存在的单位会自动创建； 按学号/工号更新已有成员。文件不超过{' '}
        {ROSTER_MAX_BYTES / 1024 / 1024} MB、{ROSTER_MAX_ROWS} 行； 只要有一行有误，整份文件都不会写入。
      </Typography.Paragraph>
      <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate(base)}>
        下载名单模板
      </Button>
      <Upload.Dragger
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">点击或拖入 Excel 名单（.xlsx）</p>
      </Upload.Dragger>
      {percent !== null && (
        <div aria-label="上传进度">
          <Typography.Text>正在上传 {fileName}</Typography.Text>
          <Progress percent={percent} status="active" />
          <Button size="small" onClick={() => abort.current?.abort()}>
            取消
          </Button>
        </div>
      )}
      {result?.ok && (
        <Alert
          type="success"
          showIcon
          message="导入完成"
          description={`共 ${result.rows} 行：新增 ${result.created} 人，更新 ${result.updated} 人；新建单位 ${result.unitsCreated} 个，新开账号 ${result.accountsCreated} 个（短信验证码登录）。`}
        />
      )}
      {result && !result.ok && <BadRows rows={result.badRows} />}
    </Space>
  );
}

function BadRows({ rows }: { rows: RosterBadRow[] }) {
  const base = useOrgBase();
  return (
    <>
      <Alert
        type="error"
        showIcon
        message={`有 ${rows.length} 行有误，未导入任何数据`}
        description="请按下表修改后重新导入整份文件。"
        action={
          <Button
            size="small"
            icon={<DownloadOutlined />}
            onClick={() => void downloadErrorReport(base, rows)}
          >
            下载错误报告
          </Button>
        }
      />
      <Table<RosterBadRow>
        rowKey="row"
        size="small"
        dataSource={rows}
        scroll={{ x: 600 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        columns={[
          { title: '行号', dataIndex: 'row', width: 60 },
          { title: '姓名', dataIndex: 'name', width: 90 },
          { title: '手机号', dataIndex: 'telephone', width: 120 },
          { title: '学号/工号', dataIndex: 'memberNo', width: 110 },
          { title: '原因', dataIndex: 'reasons', render: (r: string[]) => r.join('；') },
        ]}
      />
    </>
  );
}
