import { DetailSkeleton } from '../../../components/detail-skeleton';

/** The item page while its item loads. */
export function ItemSkeleton() {
  return (
    <DetailSkeleton
      testId="item-loading"
      lines={[
        ['5', '40'],
        ['9', '2/3'],
      ]}
      columns="minmax(0, 1fr) 340px"
      cards={[
        ['48', '56'],
        ['32', '40'],
      ]}
    />
  );
}
