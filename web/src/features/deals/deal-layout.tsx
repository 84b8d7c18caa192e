import { Alert, Badge, Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import {
  Activity,
  Archive,
  BarChart3,
  ClipboardCheck,
  FolderOpen,
  LayoutDashboard,
  ListChecks,
  MessageCircleQuestion,
  Pencil,
  Search,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LoadOnOpen } from '../../components/load-on-open';
import { MissingState } from '../../components/load-failed';
import { AppHeader } from '../../components/layout/app-header';
import { MainOutlet } from '../../components/layout/main-outlet';
import { NavTab } from '../../components/layout/nav-tab';
import { PageSpinner } from '../../components/spinners';
import { ApiError, errorDetail } from '../../lib/api/client';
import { canReadViews, DEAL_NOT_FOUND_MESSAGE, isDealAdmin, useDeal, type Deal } from '../../lib/api/deal';
import { DealMfaRequired, isDealMfaRequired } from './components/mfa-required-notice';
import { useArchiveDeal } from './api/archive-deal';
import { lazyPage } from '../../lib/lazy-page';
import { preloadOnApproach } from '../../components/dialog-button';

// Edit Deal (its form: checkbox, switch, select, 10 KB compressed with its pieces) and Archive Deal load
// on their first opening, asked for as their button is pointed at or focused: they were part of every
// deal screen's first load, for an admin's rare edit (decision 67, issue 33).
const DealFormDialog = lazyPage(() => import('./components/deal-form-dialog').then((m) => ({ default: m.DealFormDialog })));
const ConfirmDialog = lazyPage(() => import('../../components/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));
const preloadEdit = () => void DealFormDialog.preload().catch(() => undefined);
const preloadArchive = () => void ConfirmDialog.preload().catch(() => undefined);

interface DealTab {
  label: string;
  /** Relative to /deals/{dealId}. */
  to: string;
  icon: LucideIcon;
  /** Which sub-paths (after /deals/{dealId}/) light the tab up. */
  match: RegExp;
  /** Shown only to those the deal allows it (all when absent). */
  shownTo?: (deal: Deal) => boolean;
}

/** The six deal tabs of docs/product.md §2, then Q&A (decision 49), Analytics (decision 46) and Search (issue 35). */
export const DEAL_TABS: DealTab[] = [
  { label: 'Dashboard', to: '', icon: LayoutDashboard, match: /^$/ },
  { label: 'Data Room', to: 'files', icon: FolderOpen, match: /^(files|data-room|folders)(\/|$)/ },
  { label: 'Checklist', to: 'checklist', icon: ListChecks, match: /^checklist(\/|$)/ },
  { label: 'Review Queue', to: 'review', icon: ClipboardCheck, match: /^review(\/|$)/ },
  { label: 'Q&A', to: 'qna', icon: MessageCircleQuestion, match: /^qna(\/|$)/ },
  { label: 'Activity', to: 'activity', icon: Activity, match: /^activity(\/|$)/ },
  { label: 'Users', to: 'users', icon: Users, match: /^(users|permissions)(\/|$)/ },
  // Beyond the six: who read what, for deal admins and holders of manage_users (docs/decisions.md decision 46).
  { label: 'Analytics', to: 'analytics', icon: BarChart3, match: /^analytics(\/|$)/, shownTo: canReadViews },
  { label: 'Search', to: 'search', icon: Search, match: /^search(\/|$)/ },
];

function DealTabs({ dealId, deal }: { dealId: string; deal: Deal | undefined }) {
  const { pathname } = useLocation();
  const base = `/deals/${dealId}`;
  const rest = pathname.startsWith(base) ? pathname.slice(base.length).replace(/^\/+|\/+$/g, '') : '';
  const nav = useRef<HTMLDivElement>(null); // a <nav>; Chakra types the HStack's ref as a div
  // On a phone the tabs scroll sideways: the current one is scrolled into view (decision 37). Only the
  // bar scrolls (scrollIntoView would also move the page).
  useLayoutEffect(() => {
    const bar = nav.current;
    const current = bar?.querySelector('[aria-current="page"]');
    if (!bar || !current) return;
    const edge = bar.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.left < edge.left) bar.scrollLeft -= edge.left - tab.left + 16;
    else if (tab.right > edge.right) bar.scrollLeft += tab.right - edge.right + 16;
  }, [rest]);
  return (
    <Box bg="bg" borderBottomWidth="1px" borderColor="border">
      <HStack
        ref={nav}
        as="nav"
        aria-label="Deal sections"
        maxW="7xl"
        mx="auto"
        px={{ base: '1', md: '3' }}
        gap="0"
        overflowX="auto"
        scrollbarWidth="thin"
      >
        {DEAL_TABS.filter((tab) => !tab.shownTo || (deal && tab.shownTo(deal))).map((tab) => (
          <NavTab
            key={tab.label}
            to={tab.to ? `${base}/${tab.to}` : base}
            icon={tab.icon}
            label={tab.label}
            active={tab.match.test(rest)}
            hover
          />
        ))}
      </HStack>
    </Box>
  );
}

function DealHeaderContent({ deal, onEdit, onArchive }: { deal: Deal; onEdit: () => void; onArchive: () => void }) {
  const admin = isDealAdmin(deal);
  return (
    <HStack gap="2" minW="0">
      <Text fontWeight="semibold" truncate data-testid="deal-name" title={deal.name}>
        {deal.name}
      </Text>
      {deal.archived_at && (
        <Badge size="sm" colorPalette="gray" variant="outline" flexShrink={0}>
          Archived
        </Badge>
      )}
      {admin && !deal.archived_at && (
        <HStack gap="0.5" flexShrink={0}>
          <IconButton
            aria-label="Edit Deal"
            title="Edit Deal"
            size="xs"
            variant="ghost"
            {...preloadOnApproach(preloadEdit)}
            onClick={onEdit}
          >
            <Pencil />
          </IconButton>
          <IconButton
            aria-label="Archive Deal"
            title="Archive Deal"
            size="xs"
            variant="ghost"
            colorPalette="red"
            {...preloadOnApproach(preloadArchive)}
            onClick={onArchive}
          >
            <Archive />
          </IconButton>
        </HStack>
      )}
    </HStack>
  );
}

/** /deals/:dealId/*: the deal header, the six tabs and the tab's page (live events: app/pages/deal-layout-page.tsx). */
export function DealLayout() {
  const { dealId = '' } = useParams();
  const navigate = useNavigate();
  const deal = useDeal(dealId);
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);

  const notFound = deal.error instanceof ApiError && (deal.error.status === 404 || deal.error.status === 400);

  const archive = useArchiveDeal(dealId, () => {
    setArchiving(false);
    navigate('/');
  });

  let content;
  if (deal.isPending) {
    content = <PageSpinner label="Loading deal..." />;
  } else if (isDealMfaRequired(deal.error)) {
    content = <DealMfaRequired />;
  } else if (deal.isError) {
    content = (
      <MissingState
        py="16"
        icon={<FolderOpen />}
        title={notFound ? DEAL_NOT_FOUND_MESSAGE : 'Failed to load deal'}
        description={
          notFound
            ? 'The link may be wrong, the deal may have been removed, or you are not a member of it.'
            : errorDetail(deal.error, 'Please try again in a moment.')
        }
        onRetry={notFound ? undefined : () => deal.refetch()}
        backTo="/"
        backLabel="Back to deals"
      />
    );
  } else {
    content = (
      <>
        <DealTabs dealId={dealId} deal={deal.data} />
        {deal.data?.archived_at && (
          <Alert.Root status="warning" borderRadius="0" data-testid="archived-banner">
            <Alert.Indicator />
            <Alert.Title>Archived</Alert.Title>
            <Alert.Description>
              This deal is archived and read-only: its files can still be opened and downloaded.
            </Alert.Description>
          </Alert.Root>
        )}
        <MainOutlet context={deal.data} />
      </>
    );
  }

  return (
    <Flex direction="column" minH="100vh">
      <AppHeader>
        {deal.data && <DealHeaderContent deal={deal.data} onEdit={() => setEditing(true)} onArchive={() => setArchiving(true)} />}
      </AppHeader>
      {content}
      {deal.data && (
        <>
          <LoadOnOpen open={editing}>
            <DealFormDialog open={editing} onClose={() => setEditing(false)} deal={deal.data} />
          </LoadOnOpen>
          <LoadOnOpen open={archiving}>
            <ConfirmDialog
              open={archiving}
              title="Archive Deal"
              message={
                <Text>
                  Archive <strong>{deal.data.name}</strong>? This cannot be undone. The deal moves to the archived list and can no
                  longer be changed.
                </Text>
              }
              confirmLabel="Archive Deal"
              destructive
              loading={archive.isPending}
              onConfirm={() => archive.mutate()}
              onClose={() => setArchiving(false)}
            />
          </LoadOnOpen>
        </>
      )}
    </Flex>
  );
}
