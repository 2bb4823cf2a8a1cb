/**
 * Says whether the list is live over the socket or polling while the socket is down; `data-live`
 * says which for machines (the browser tests wait on it). A paragraph, or `inline` in a filter bar.
 */
export function LiveIndicator({ socketUp, inline = false }: { socketUp: boolean; inline?: boolean }) {
  const Tag = inline ? 'span' : 'p';
  return (
    <Tag className="muted live" data-live={socketUp ? 'socket' : 'polling'}>
      ● live{socketUp ? '' : ' (polling)'}
    </Tag>
  );
}
