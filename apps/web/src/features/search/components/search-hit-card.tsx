import { UPLOAD_PATH, type SearchHit } from '@psy/contracts';
import { Avatar, Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { routeExists } from '../../../lib/route-exists';
import { Highlight } from './highlight';
import { colorOf, LetterAvatar } from '../../../components/letter-avatar';

/** An image is a full URL or path, or else a file name under the upload path. */
function imageSrc(image: string): string {
  return /^(https?:)?\//.test(image) ? image : `${UPLOAD_PATH}${image}`;
}

export function SearchHitCard({
  hit,
  keyword,
  kindLabel,
}: {
  hit: SearchHit;
  keyword: string;
  /** Shown on the 全部 tab: which kind the hit is. */
  kindLabel?: string | undefined;
}) {
  // Pages that later issues build are shown without a link until they exist.
  const linked = routeExists(hit.url);
  const card = (
    <Card hoverable={linked} size="small" style={{ height: '100%' }} data-testid="search-hit">
      <Flex gap={12} align="flex-start">
        {hit.image ? (
          <Avatar shape="square" size={56} src={imageSrc(hit.image)} alt="" style={{ flex: 'none' }} />
        ) : (
          <LetterAvatar text={hit.title.slice(0, 1)} shape="square" size={56} color={colorOf(hit.id)} />
        )}
        <div style={{ minWidth: 0, flex: 1 }}>
          <Flex gap={8} align="center">
            {kindLabel && (
              <Tag color="cyan" style={{ marginInlineEnd: 0 }}>
                {kindLabel}
              </Tag>
            )}
            <Typography.Text strong style={{ fontSize: 15 }}>
              <Highlight text={hit.title} keyword={keyword} />
            </Typography.Text>
          </Flex>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 6px' }}>
            <Highlight text={hit.summary} keyword={keyword} />
          </Typography.Paragraph>
          {hit.tags.length > 0 && (
            <Flex gap={4} wrap>
              {hit.tags.filter(Boolean).map((t) => (
                <Tag key={t} style={{ marginInlineEnd: 0 }}>
                  {t}
                </Tag>
              ))}
            </Flex>
          )}
        </div>
      </Flex>
    </Card>
  );
  return linked ? (
    <Link to={hit.url} style={{ display: 'block', height: '100%', color: 'inherit' }}>
      {card}
    </Link>
  ) : (
    card
  );
}
