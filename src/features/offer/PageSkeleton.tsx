// Skeletons for the offer (normal and full-width variants) and the static page while their load is idle
// or loading.
import styled from 'styled-components';
import { Skeleton } from '../../components/media/Image';
import { useT } from '../../i18n/i18n';

function Block({ h, w = '100%' }: { h: number; w?: string }) {
  return (
    <Bone style={{ height: h, width: w }}>
      <Skeleton />
    </Bone>
  );
}

export function OfferSkeleton({ variant }: { variant: 'default' | 'fullWidth' }) {
  const t = useT();
  return (
    <Page aria-busy="true" role="status" aria-label={t('common.loading')} data-testid={`offer-skeleton-${variant}`}>
      {variant === 'default' ? (
        <Block h={420} />
      ) : (
        <Wide>
          <Block h={300} />
          <Block h={300} />
        </Wide>
      )}
      <Container>
        <Block h={40} w="60%" />
        <Block h={20} w="30%" />
        <Columns>
          <div>
            <Block h={16} />
            <Block h={16} />
            <Block h={16} w="80%" />
          </div>
          <Block h={200} />
        </Columns>
      </Container>
    </Page>
  );
}

export function StaticPageSkeleton() {
  const t = useT();
  return (
    <Container aria-busy="true" role="status" aria-label={t('common.loading')} data-testid="static-page-skeleton">
      <Block h={40} w="50%" />
      <Block h={20} w="35%" />
      <Block h={240} />
      <Block h={16} />
      <Block h={16} />
      <Block h={16} w="70%" />
    </Container>
  );
}

// An offer page is always taller than the screen: while it loads, the main area below the header fills the
// viewport, so the frame's footer stays below the fold instead of showing under a short skeleton and then being
// pushed away when the offer arrives (a layout shift of ~0.06 at desktop).
const Page = styled.div`
  min-height: calc(100vh - ${({ theme }) => theme.layout.headerHeight}px);
`;

const Bone = styled.div`
  position: relative;
  margin-bottom: 12px;
  border-radius: ${({ theme }) => theme.radius}px;
  overflow: hidden;
`;

const Wide = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 8px;
`;

const Container = styled.div`
  max-width: ${({ theme }) => theme.layout.sectionMaxWidth}px;
  margin: 0 auto;
  padding: 32px ${({ theme }) => theme.layout.sectionPaddingSmall}px;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: 24px;
  margin-top: 24px;
`;
