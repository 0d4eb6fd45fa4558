// The sticky bottom bar (SPEC §2): shown once the invest box has scrolled out of view above the
// viewport (IntersectionObserver). Small screens keep only thumb, title, cost and the button, on two rows:
// the title gets the whole width beside the thumb (up to two lines), the cost and the button go below it.
// Its code loads after the offer's first screen is drawn (OfferPage: the route's initial JS).
import styled, { createGlobalStyle } from 'styled-components';
import { formatDayMonthYear, formatMoney, formatPercent } from '../../../lib/format';
import { Image } from '../../components/media/Image';
import { Button } from '../../components/ui/Button';
import { useLanguage, useT } from '../../i18n/i18n';
import { media } from '../../../lib/theme';
import { investorSharePercent } from './offerRules';
import type { Offer } from './types';

export function StickyBar({ offer, visible, onInvest }: { offer: Offer; visible: boolean; onInvest: () => void }) {
  const t = useT();
  const language = useLanguage();
  const end = formatDayMonthYear(offer.investmentEnd);
  return (
    <>
      <RoomForTheBar />
      <Bar $visible={visible} aria-hidden={!visible} inert={!visible} data-testid="sticky-bar" data-visible={visible}>
        <Thumb>
          <Image src={offer.thumbUrl || offer.imageUrl} alt="" />
        </Thumb>
        <Cell className="title">
          <strong>{offer.title}</strong>
          {offer.address && <span className="wide">{offer.address}</span>}
        </Cell>
        <Cell className="cost">
          <small>{t('offer.totalCost')}</small>
          <strong data-testid="sticky-total-cost">{formatMoney(offer.totalCost, language)}</strong>
        </Cell>
        <Cell className="wide">
          <small>{t('offer.state')}</small>
          <strong>{offer.isOpen ? t('offer.stateOpen') : t('offer.stateClosed')}</strong>
        </Cell>
        {end && (
          <Cell className="wide">
            <small>{t('offer.endDate')}</small>
            <strong data-testid="sticky-end-date">{end}</strong>
          </Cell>
        )}
        <Cell className="wide">
          <small>{t('offer.investorShare')}</small>
          <strong data-testid="sticky-investor-share">{formatPercent(investorSharePercent(offer), language)}</strong>
        </Cell>
        {offer.isOpen && (
          <Action>
            <Button onClick={onInvest} data-testid="invest-now">
              {t('offer.investNow')}
            </Button>
          </Action>
        )}
      </Bar>
    </>
  );
}

// The end of the page stays reachable above the fixed bar (footer links, the contact band on small screens):
// the room is kept while the offer page is shown, whether the bar is in or out, so nothing shifts.
const RoomForTheBar = createGlobalStyle`
  body {
    padding-bottom: 80px;
    ${media.down('md')} {
      padding-bottom: 116px;
    }
  }
`;

const Bar = styled.div<{ $visible: boolean }>`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 900;
  display: flex;
  align-items: center;
  gap: 20px;
  padding: 10px 24px;
  background: ${({ theme }) => theme.colors.white};
  box-shadow: 0 -2px 12px rgba(59, 42, 32, 0.18);
  transform: translateY(${({ $visible }) => ($visible ? '0' : '110%')});
  transition: transform 0.4s;
  ${media.down('md')} {
    display: grid;
    grid-template-columns: 48px minmax(0, 1fr) auto;
    grid-template-areas:
      'thumb title title'
      'thumb cost action';
    align-items: center;
    gap: 4px 12px;
    padding: 8px 12px calc(8px + env(safe-area-inset-bottom, 0px));
    .wide {
      display: none;
    }
    .title {
      grid-area: title;
    }
    .title strong {
      white-space: normal;
      display: -webkit-box;
      -webkit-line-clamp: 2;
      -webkit-box-orient: vertical;
      line-height: 1.25;
    }
    .cost {
      grid-area: cost;
    }
  }
`;

const Action = styled.div`
  flex: 0 0 auto;
  ${media.down('md')} {
    grid-area: action;
  }
`;

const Thumb = styled.div`
  flex: 0 0 56px;
  width: 56px;
  height: 56px;
  border-radius: ${({ theme }) => theme.radius}px;
  overflow: hidden;
  ${media.down('md')} {
    grid-area: thumb;
    width: 48px;
    height: 48px;
    align-self: start;
  }
`;

const Cell = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  &.title {
    flex: 1;
  }
  small,
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.8rem;
  }
  strong {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;
