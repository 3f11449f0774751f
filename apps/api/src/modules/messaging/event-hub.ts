import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { DEAL_STREAM_EVENTS, NOTIFICATION_STREAM_EVENT, type ThreadMessageDto } from '@canopy/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { ChangeFeed } from '../../lib/listen.ts';
import { liveVerifiedSessionIds, type SessionUser } from '../../lib/session.ts';
import { findOffer, findOrder, presentOffer, presentOrder } from '../deals/index.ts';
import { listenForNotifications, unreadNotificationCount } from '../notifications/index.ts';
import { createChangeFeed, type FeedEvent } from './change-feed.ts';
import { presentConversation, presentThreadMessages, presentUnreadSummary } from './presenter.ts';
import { findConversation, findMessage, unreadSummary } from './read-model.ts';

/** A stream's reader: the company's side, the member's own counts. */
const readerOf = (stream: Stream) => ({ companyId: stream.companyId, userId: stream.userId });

// Live delivery to the Messages page and the unread badge (decision 022): Server-Sent Events
// streams held in memory per instance, fed by the change feed. Work scales with changes, not with
// streams: a change costs queries only on instances holding a stream of a member of its sender or
// receiver, and the whole hub has one timer for heartbeats and session checks. Streams are held
// per login and found by company: a business's messages and deals reach every member's streams
// (messages only those whose role may read them), unread counts are each member's own (decision 208).

export const HEARTBEAT_MS = 25_000;
/** What the client waits before reconnecting (SSE `retry:`). */
export const RETRY_MS = 3_000;
/** Open tabs per user; the oldest stream is ended beyond this. */
const STREAMS_PER_USER = 10;
/** A client this far behind is not reading; it is cut off rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SESSION_CHECK_CHUNK = 1000;

interface Stream {
  /** The login that opened it. */
  userId: string;
  /** The business that login acts for. */
  companyId: string;
  /** The member's role may read the company's conversations (admins hold no company). */
  readsMessages: boolean;
  sessionId: string;
  res: ServerResponse;
}

const frame = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class EventHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  /** The logins of each company holding a stream here. */
  private readonly byCompany = new Map<string, Set<string>>();
  private readonly feed: ChangeFeed;
  /** The notification centre's announcements: which members' bells to refresh (issue 25). */
  private readonly notificationFeed: ChangeFeed;
  /**
   * Each user's deliveries run one after another, so their events arrive in commit order; different
   * users are served side by side (bounded by the database pool).
   */
  private readonly chains = new Map<string, Promise<void>>();
  private heartbeatTimer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: AppContext) {
    this.feed = createChangeFeed(ctx.database, ctx.log, {
      onEvent: (event) => this.deliver(event),
      onResync: () => this.resync(),
    });
    this.notificationFeed = listenForNotifications(ctx.database, ctx.log, {
      onChanged: (userIds) => {
        for (const userId of userIds) {
          if (this.byUser.has(userId)) this.enqueue(userId, () => this.sendNotificationCount(userId));
        }
      },
      onResync: () => {
        for (const userId of this.byUser.keys())
          this.enqueue(userId, () => this.sendNotificationCount(userId));
      },
    });
  }

  /** Open streams on this instance. */
  get size(): number {
    let total = 0;
    for (const set of this.byUser.values()) total += set.size;
    return total;
  }

  async start(): Promise<void> {
    await this.feed.start();
    await this.notificationFeed.start();
    this.heartbeatTimer = setInterval(() => {
      this.heartbeat().catch((error) => this.ctx.log.error({ err: error }, 'messaging heartbeat failed'));
    }, HEARTBEAT_MS);
    this.heartbeatTimer.unref();
  }

  /**
   * Ends every stream, so the server can close. Each gets the retry hint again and a `reconnect`
   * event first: the end is a restart or a move to another instance, not a refusal.
   */
  endStreams(): void {
    const goodbye = `retry: ${RETRY_MS}\n${frame('reconnect', { retryMs: RETRY_MS })}`;
    for (const set of this.byUser.values()) {
      for (const stream of set) {
        this.write(stream, goodbye);
        stream.res.end();
      }
    }
    this.byUser.clear();
    this.byCompany.clear();
  }

  async stop(): Promise<void> {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
    this.endStreams();
    await this.feed.stop();
    await this.notificationFeed.stop();
    await Promise.all(this.chains.values());
  }

  /** Takes over the response and keeps it open as the caller's event stream. */
  open(auth: SessionUser, request: FastifyRequest, reply: FastifyReply): void {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      // Headers set by hooks so far (security headers, rate-limit counters) still apply.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      connection: 'keep-alive',
      // Proxies such as nginx would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
    });
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setKeepAlive(true);
    res.write(`retry: ${RETRY_MS}\n\n`);

    const stream: Stream = {
      userId: auth.login.id,
      companyId: auth.user.id,
      readsMessages: auth.member === null || auth.member.permissions.includes('messages:read'),
      sessionId: auth.sessionId,
      res,
    };
    let set = this.byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(stream.userId, set);
    }
    set.add(stream);
    let members = this.byCompany.get(stream.companyId);
    if (!members) {
      members = new Set();
      this.byCompany.set(stream.companyId, members);
    }
    members.add(stream.userId);
    if (set.size > STREAMS_PER_USER) {
      const [oldest] = set;
      if (oldest) this.close(oldest);
    }
    res.on('close', () => this.remove(stream));
    // The badge is right from the first moment, without waiting for a change.
    this.enqueue(stream.userId, async () => {
      const summary = presentUnreadSummary(await unreadSummary(this.ctx.database.db, readerOf(stream)));
      this.write(stream, frame('unread', summary));
      const unreadCount = await unreadNotificationCount(this.ctx.database.db, readerOf(stream));
      this.write(stream, frame(NOTIFICATION_STREAM_EVENT, { unreadCount }));
    });
  }

  /**
   * Keeps every stream open through proxies that drop idle connections, checks the listening
   * connection, and ends streams whose session was signed out, expired or whose account is no
   * longer verified: one query for all streams, not one per stream.
   */
  async heartbeat(): Promise<void> {
    for (const set of this.byUser.values()) for (const stream of set) this.write(stream, ': heartbeat\n\n');
    await this.feed.check();
    await this.notificationFeed.check();
    await this.closeEndedStreams([...this.byUser.values()].flatMap((set) => [...set]));
  }

  /** Ends the given streams whose session is gone or whose account is no longer verified. */
  private async closeEndedStreams(open: Stream[]): Promise<void> {
    const sessionIds = [...new Set(open.map((stream) => stream.sessionId))];
    const alive = new Set<string>();
    for (let start = 0; start < sessionIds.length; start += SESSION_CHECK_CHUNK) {
      const chunk = sessionIds.slice(start, start + SESSION_CHECK_CHUNK);
      for (const id of await liveVerifiedSessionIds(this.ctx.database.db, chunk)) alive.add(id);
    }
    for (const stream of open) if (!alive.has(stream.sessionId)) this.close(stream);
  }

  private enqueue(userId: string, task: () => Promise<void>): void {
    const next = (this.chains.get(userId) ?? Promise.resolve())
      .then(task)
      .catch((error) => this.ctx.log.error({ err: error }, 'messaging event delivery failed'));
    this.chains.set(userId, next);
    void next.then(() => {
      if (this.chains.get(userId) === next) this.chains.delete(userId);
    });
  }

  /** Costs nothing unless this instance holds a stream of someone the change concerns. */
  private deliver(event: FeedEvent): void {
    if (event.type === 'sessions-ended') {
      const streams = this.byUser.get(event.userId);
      if (streams) this.enqueue(event.userId, () => this.closeEndedStreams([...streams]));
      return;
    }
    if (event.type === 'unread') {
      // The id names one member (who read a thread) or a whole company (an archived conversation).
      for (const userId of this.loginsOf([event.userId], true)) {
        this.enqueue(userId, () => this.sendUnread(userId));
      }
      return;
    }
    if (event.type === 'deal') {
      this.deliverDeal(event);
      return;
    }

    let message: Promise<ThreadMessageDto | null> | null = null;
    for (const companyId of [event.senderId, event.receiverId]) {
      const participantId = companyId === event.senderId ? event.receiverId : event.senderId;
      for (const userId of this.byCompany.get(companyId) ?? []) {
        this.enqueue(userId, async () => {
          const streams = [...(this.byUser.get(userId) ?? [])].filter((stream) => stream.readsMessages);
          if (streams.length === 0) return;
          message ??= this.presentedMessage(event.messageId);
          const sent = await message;
          const reader = { companyId, userId };
          const conversation = await findConversation(this.ctx.database.db, reader, participantId);
          if (!sent || !conversation) return;
          const chunk = frame('message', { message: sent, conversation: presentConversation(conversation) });
          for (const stream of streams) this.write(stream, chunk);
          await this.sendUnread(userId);
        });
      }
    }
  }

  /** The logins holding a stream here that are, or are members of, the given ids. */
  private loginsOf(ids: string[], includeLogins: boolean): Set<string> {
    const found = new Set<string>();
    for (const id of ids) {
      if (includeLogins && this.byUser.has(id)) found.add(id);
      for (const userId of this.byCompany.get(id) ?? []) found.add(userId);
    }
    return found;
  }

  private async presentedMessage(messageId: string): Promise<ThreadMessageDto | null> {
    const found = await findMessage(this.ctx.database.db, messageId);
    if (!found) return null;
    const [presented] = await presentThreadMessages(this.ctx.database.db, [found]);
    return presented ?? null;
  }

  /** An offer or order changed: both parties' members' streams get its new state (`offer` / `order`). */
  private deliverDeal(event: Extract<FeedEvent, { type: 'deal' }>): void {
    const local = [...this.loginsOf(event.userIds, false)];
    if (local.length === 0) return;
    const db = this.ctx.database.db;
    const offer = findOffer(db, event.offerId);
    const order = event.orderId ? findOrder(db, event.orderId) : Promise.resolve(null);
    for (const userId of local) {
      this.enqueue(userId, async () => {
        const [changedOffer, changedOrder] = await Promise.all([offer, order]);
        if (changedOffer) this.broadcast(userId, frame(DEAL_STREAM_EVENTS.offer, presentOffer(changedOffer)));
        if (changedOrder) this.broadcast(userId, frame(DEAL_STREAM_EVENTS.order, presentOrder(changedOrder)));
      });
    }
  }

  private async sendUnread(userId: string): Promise<void> {
    const [stream] = this.byUser.get(userId) ?? [];
    if (!stream) return;
    const summary = presentUnreadSummary(await unreadSummary(this.ctx.database.db, readerOf(stream)));
    this.broadcast(userId, frame('unread', summary));
  }

  /** The member's unread notifications, counted as their company's member (decision 249). */
  private async sendNotificationCount(userId: string): Promise<void> {
    const [stream] = this.byUser.get(userId) ?? [];
    if (!stream) return;
    const unreadCount = await unreadNotificationCount(this.ctx.database.db, readerOf(stream));
    this.broadcast(userId, frame(NOTIFICATION_STREAM_EVENT, { unreadCount }));
  }

  /** After the listener reconnects: changes meanwhile were missed, so every badge is refreshed. */
  private resync(): void {
    for (const userId of this.byUser.keys()) this.enqueue(userId, () => this.sendUnread(userId));
  }

  private broadcast(userId: string, chunk: string): void {
    for (const stream of this.byUser.get(userId) ?? []) this.write(stream, chunk);
  }

  private write(stream: Stream, chunk: string): void {
    if (stream.res.writableEnded || stream.res.destroyed) return;
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(chunk);
  }

  private close(stream: Stream): void {
    this.remove(stream);
    stream.res.end();
  }

  private remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size > 0) return;
    this.byUser.delete(stream.userId);
    const members = this.byCompany.get(stream.companyId);
    members?.delete(stream.userId);
    if (members?.size === 0) this.byCompany.delete(stream.companyId);
  }
}
