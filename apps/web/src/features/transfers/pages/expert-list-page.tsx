import {
  transferStatusLabels,
  transferStatuses,
  type TransferDirection,
  type TransferStatus,
} from '@psy/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { CaseRow, TwoViewListPage, useTwoViewPages } from '../../../components/workbench/two-view-list';
import { expertLine, formatDateTime } from '../../../lib/format';
import { useExpertTransfers } from '../api/transfers';
import { ProposeTransferModal } from '../components/propose-transfer-modal';
import { TransferStatusTag } from '../components/transfer-status-tag';

// The receiver sees a transfer only once the person agreed, so never one waiting for them.
const incomingStatuses = transferStatuses.filter((f) => f !== 'requested');

/** 转介管理 (/expert/archives/transferList): transfers I proposed and those that come to me. */
export function Component() {
  const pages = useTwoViewPages<TransferDirection, TransferStatus>('outgoing', 'incoming');
  const [proposing, setProposing] = useState(false);
  const query = useExpertTransfers({ direction: pages.view, ...pages.params });
  const outgoing = pages.view === 'outgoing';

  return (
    <TwoViewListPage
      title="转介管理"
      sub="把您服务的用户转给更合适的专家：用户本人同意、平台审核通过后生效"
      action={{ label: '发起转介', onClick: () => setProposing(true) }}
      pages={pages}
      views={{ outgoing: '我发起的', incoming: '转给我的' }}
      statuses={outgoing ? transferStatuses : incomingStatuses}
      statusLabels={transferStatusLabels}
      query={query}
      noun="转介"
      empty={{
        outgoing: '还没有发起过转介。需要把用户交给更合适的专家时，点击右上角“发起转介”。',
        incoming: '还没有转给您的用户。用户同意转介后，会出现在这里等待平台审核。',
      }}
      row={(t) => {
        const link = `/expert/archives/transferDetail?id=${t.id}`;
        return (
          <CaseRow
            key={t.id}
            link={link}
            personName={t.person.name}
            tags={<TransferStatusTag status={t.status} />}
            other={outgoing ? `转给 ${expertLine(t.to)}` : `来自 ${expertLine(t.from)}`}
            reason={t.reason}
            dates={
              <>
                发起于 {formatDateTime(t.createdAt)}
                {t.confirmedAt && ` · 用户同意于 ${formatDateTime(t.confirmedAt)}`}
              </>
            }
            actions={<Link to={link}>查看</Link>}
          />
        );
      }}
    >
      <ProposeTransferModal open={proposing} onClose={() => setProposing(false)} />
    </TwoViewListPage>
  );
}
