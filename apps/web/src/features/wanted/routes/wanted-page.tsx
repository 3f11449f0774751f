import { WANTED, type WantedPostDto } from '@canopy/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { QueryState } from '@/components/query-state.tsx';
import { ResponsiveTable } from '@/components/responsive-table.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { failureText } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth/session-context.tsx';
import { usePermissions } from '@/lib/auth/use-permissions.ts';
import { formatPacificDate } from '@/lib/time.ts';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { closeWanted, wantedKeys, wantedListQueryOptions } from '../api/wanted-api.ts';
import { AnswerDialog } from '../components/answer-dialog.tsx';
import { categoryText, priceRangeText, quantityText } from '../components/post-terms.ts';
import { useWantedFilters, WantedFilters } from '../components/wanted-filters.tsx';
import { WANTED_PAGE as TEXT } from '../texts.ts';

/** /wanted: the board for sellers, a buyer's own posts with their answers. */
export function WantedPage() {
  const { user } = useAuth();
  if (user?.role === 'seller') return <WantedBoard />;
  if (user?.role === 'buyer') return <MyWantedPosts />;
  return <Navigate to="/" replace />;
}

function WantedBoard() {
  const { filters, query, setPage, apply } = useWantedFilters();
  const [search] = useSearchParams();
  const { may } = usePermissions();
  const [answering, setAnswering] = useState<WantedPostDto | null>(null);
  const posts = useQuery(wantedListQueryOptions(query));

  return (
    <PageContainer>
      <PageHeader title={TEXT.boardTitle} description={TEXT.boardDescription} />
      <WantedFilters key={search.toString()} filters={filters} onApply={apply} />
      <QueryState
        query={posts}
        loading={TEXT.loading}
        error={(error) => failureText(error, WANTED.fetchFailed)}
        isEmpty={(answer) => answer.data.length === 0}
        empty={<EmptyState title={TEXT.boardEmptyTitle} description={TEXT.boardEmptyHint} />}
      >
        {(answer) => (
          <>
            <ResponsiveTable
              rows={answer.data}
              rowKey={(row) => row._id}
              caption={TEXT.caption}
              tableFrom="lg"
              cardHeader={(row) => <LookingFor post={row} />}
              columns={[
                { header: TEXT.lookingFor, cell: (row) => <LookingFor post={row} />, card: false },
                { header: TEXT.quantity, cell: quantityText, className: 'whitespace-nowrap' },
                { header: TEXT.price, cell: priceRangeText },
                {
                  header: TEXT.neededBy,
                  cell: (row) => row.neededBy ?? TEXT.noDate,
                  className: 'whitespace-nowrap',
                },
                { header: TEXT.county, cell: (row) => row.county ?? TEXT.anywhere },
                { header: TEXT.buyer, cell: (row) => row.buyer.businessName },
              ]}
              actions={(row) =>
                row.answeredByMe ? (
                  <Badge tone="success">{TEXT.answered}</Badge>
                ) : may('offers:sell') ? (
                  <Button
                    size="sm"
                    aria-label={TEXT.answerLabel(row.query)}
                    onClick={() => setAnswering(row)}
                  >
                    {TEXT.answer}
                  </Button>
                ) : null
              }
            />
            <PostPages pagination={answer.pagination} onPageChange={setPage} />
          </>
        )}
      </QueryState>
      {answering && <AnswerDialog post={answering} onClose={() => setAnswering(null)} />}
    </PageContainer>
  );
}

function LookingFor({ post }: { post: WantedPostDto }) {
  const category = categoryText(post);
  return (
    <span className="flex flex-col">
      <span className="font-semibold break-words text-slate-900">{post.query}</span>
      {category && <span className="text-xs text-slate-600">{category}</span>}
    </span>
  );
}

function MyWantedPosts() {
  const { may } = usePermissions();
  const [page, setPage] = useState(1);
  const posts = useQuery(wantedListQueryOptions({ page }));
  const postButton = may('offers:buy') ? <ButtonLink to="/wanted/new">{TEXT.postButton}</ButtonLink> : null;

  return (
    <PageContainer>
      <PageHeader title={TEXT.mineTitle} description={TEXT.mineDescription} actions={postButton} />
      <QueryState
        query={posts}
        loading={TEXT.loading}
        error={(error) => failureText(error, WANTED.fetchFailed)}
        isEmpty={(answer) => answer.data.length === 0}
        empty={
          <EmptyState title={TEXT.mineEmptyTitle} description={TEXT.mineEmptyHint} action={postButton} />
        }
      >
        {(answer) => (
          <>
            <ul className="space-y-4">
              {answer.data.map((post) => (
                <li key={post._id}>
                  <OwnPost post={post} mayClose={may('offers:buy')} />
                </li>
              ))}
            </ul>
            <PostPages pagination={answer.pagination} onPageChange={setPage} />
          </>
        )}
      </QueryState>
    </PageContainer>
  );
}

const STATUS_BADGE = {
  open: { tone: 'success', text: TEXT.statusOpen },
  closed: { tone: 'neutral', text: TEXT.statusClosed },
  expired: { tone: 'warning', text: TEXT.statusExpired },
} as const;

function OwnPost({ post, mayClose }: { post: WantedPostDto; mayClose: boolean }) {
  const queryClient = useQueryClient();
  const close = useMutation({
    mutationFn: () => closeWanted(post._id),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: wantedKeys.all });
      notify.success(answer.message);
    },
    onError: (error) => notifyFailure(error, WANTED.closeFailed),
  });
  const answers = post.answers ?? [];
  const badge = STATUS_BADGE[post.status];
  const terms = [
    categoryText(post),
    quantityText(post),
    priceRangeText(post),
    post.neededBy ? `${TEXT.neededBy} ${post.neededBy}` : null,
    post.county,
  ].filter(Boolean);

  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold break-words text-slate-900">{post.query}</h2>
          <p className="text-sm text-slate-600">{terms.join(' · ')}</p>
          {post.status === 'open' && (
            <p className="text-xs text-slate-500">{TEXT.expires(formatPacificDate(post.expiresAt))}</p>
          )}
        </div>
        <div className="flex items-center gap-2">
          <Badge tone={badge.tone}>{badge.text}</Badge>
          {post.status === 'open' && mayClose && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={TEXT.closeLabel(post.query)}
              isLoading={close.isPending}
              onClick={() => close.mutate()}
            >
              {TEXT.close}
            </Button>
          )}
        </div>
      </div>
      <section className="mt-3 border-t border-slate-100 pt-3" aria-label={TEXT.answersTitle(answers.length)}>
        <h3 className="text-sm font-semibold text-slate-800">{TEXT.answersTitle(answers.length)}</h3>
        {answers.length === 0 ? (
          <p className="text-sm text-slate-600">{TEXT.noAnswers}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {answers.map((answer) => (
              <li key={answer._id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words text-slate-800">
                  {TEXT.answerLine(
                    answer.seller.businessName,
                    answer.listingTitle,
                    answer.quantityLbs,
                    answer.pricePerLb,
                  )}
                </span>
                <span className="flex items-center gap-2">
                  <Badge tone="info">{TEXT.offerStatus(answer.offerStatus)}</Badge>
                  <Link to={`/messages?c=${encodeURIComponent(answer.seller._id)}`} className="font-medium">
                    {TEXT.openConversation}
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

/** The pages of a list of posts, under the board and under a buyer's own posts. */
function PostPages({
  pagination,
  onPageChange,
}: {
  pagination: { page: number; pages: number };
  onPageChange: (page: number) => void;
}) {
  return <Pagination page={pagination.page} pages={pagination.pages} onPageChange={onPageChange} />;
}
