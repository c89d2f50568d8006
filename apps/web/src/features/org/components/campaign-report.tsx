import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { useReportDownload, type CampaignDetail, type ReportFormat } from '../api/campaigns';

const ALL = 0;

/**
 * 导出报告: a button opening the choice of format (PDF or Excel, the same content) and, when the
 * report may cover more than one unit (`units`: the campaign's target units for the centre, the
 * reader's units and their sub-units for unit staff), of one unit alone. The centre's copy holds
 * the warning list with names; unit staff's holds figures only.
 */
export function CampaignReportButton({
  scope,
  campaign,
  units = campaign.units,
}: {
  scope: 'audit' | 'staff';
  campaign: CampaignDetail;
  units?: { unitId: number; unitName: string }[];
}) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<ReportFormat>('pdf');
  const [unitId, setUnitId] = useState<number>(ALL);
  const report = useReportDownload(scope);
  const unit = units.find((u) => u.unitId === unitId);

  const download = async () => {
    if (await report.run(campaign, { format, unit })) setOpen(false);
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)}>
        {scope === 'staff' ? '导出报告（单位版）' : '导出报告'}
      </Button>
      <Modal
        title="导出筛查报告"
        open={open}
        okText="下载"
        cancelText="取消"
        confirmLoading={report.exporting}
        onOk={() => void download()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical" style={{ marginTop: 16 }}>
          <Form.Item label="格式">
            <Radio.Group
              value={format}
              onChange={(e) => setFormat(e.target.value as ReportFormat)}
              optionType="button"
              buttonStyle="solid"
            >
              <Radio.Button value="pdf">
                <Space size={4}>
                  <FilePdfOutlined />
                  PDF 报告
                </Space>
              </Radio.Button>
              <Radio.Button value="xlsx">
                <Space size={4}>
                  <FileExcelOutlined />
                  Excel 表格
                </Space>
              </Radio.Button>
            </Radio.Group>
          </Form.Item>
          {units.length > 1 && (
            <Form.Item label="单位">
              <Select
                aria-label="报告单位"
                value={unitId}
                onChange={setUnitId}
                options={[
                  { value: ALL, label: scope === 'audit' ? '全部参与单位' : '我负责的全部单位' },
                  ...units.map((u) => ({ value: u.unitId, label: u.unitName })),
                ]}
              />
            </Form.Item>
          )}
        </Form>
        <Alert
          type={scope === 'audit' ? 'warning' : 'info'}
          showIcon
          title={
            scope === 'audit'
              ? '心理中心版：各单位完成情况、风险等级、处置成效，以及含姓名的预警名单（不含作答与分数），请妥善保管。'
              : '单位版：您负责单位的完成情况、风险等级与处置成效，仅含统计数字，不含姓名。'
          }
        />
      </Modal>
    </>
  );
}
