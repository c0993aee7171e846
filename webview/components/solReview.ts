import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { customElement, query, state } from 'lit/decorators.js';
import type { HostToReviewMessage, ReviewToHostMessage, ReviewView } from '../../src/protocol/reviewMessages';
import type { SolBoard } from './solBoard';
import './solBoard';
import './solTimeline';
import type { GotoDetail, SolTimeline } from './solTimeline';

type PostReview = (message: ReviewToHostMessage) => void;

/**
 * The review page: a finished game with the solver's verdicts. The timeline of marks on top,
 * then the controls (start, previous, a slider, next, end; "Show the better move"; leave), the
 * position and the solver's word on it, and the board, read-only, as the host draws it. The host
 * holds the game: the page asks for a position by its index and draws what comes back.
 *
 * Keys anywhere on the page: Left and Right step, Home and End jump, B shows or hides the better
 * move, Escape leaves. The slider takes its own arrows. Each new position is announced with its
 * mark ("After move 12 of 150: … Move 12: the move that lost the deal").
 *
 * Light DOM (no shadow root): the page's stylesheet (`media/board.css`) reaches the board inside.
 * Hooks: `data-action` on every control, `data-testid` = `position`, `verdict`, `progress`,
 * `ghost`, `review-announcer`; the slider is `input[type=range]`.
 */
@customElement('sol-review')
export class SolReview extends LitElement {
  @state() private view: ReviewView | undefined;
  @state() private announcement = '';
  @query('sol-board') private board?: SolBoard;
  @query('sol-timeline') private timeline?: SolTimeline;

  /** Set by the page's script; until then nothing is posted. */
  post: PostReview = () => undefined;
  private timelineHadFocus = false;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this.onMessage);
    // The page is the review: its keys work wherever the focus is (the body after a click on text).
    window.addEventListener('keydown', this.onKeyDown);
    this.addEventListener('sol-goto', this.onGoto as EventListener);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('message', this.onMessage);
    window.removeEventListener('keydown', this.onKeyDown);
    super.disconnectedCallback();
  }

  /** Applies a message from the host. */
  receive(message: HostToReviewMessage): void {
    if (message.type !== 'review') return;
    const previous = this.view;
    const view = message.view;
    this.timelineHadFocus = this.timeline?.hasFocus ?? false;
    this.view = view;
    const moved = !previous || previous.reviewId !== view.reviewId || previous.index !== view.index;
    if (moved) {
      const mark = view.marks[view.index - 1];
      this.announcement = [view.positionText, mark?.spoken, view.verdictText].filter(Boolean).join('. ');
    } else if (view.ghost && view.ghost.spoken !== previous?.ghost?.spoken) this.announcement = view.ghost.spoken;
  }

  private readonly onMessage = (event: MessageEvent<unknown>): void => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'review') this.receive(data as HostToReviewMessage);
  };

  protected override updated(changed: PropertyValues): void {
    const view = this.view;
    if (changed.has('view') && view) {
      this.board?.receive({ type: 'state', view: view.board });
      if (this.timelineHadFocus) void this.updateComplete.then(() => this.timeline?.focusCurrent());
    }
  }

  private goto(index: number): void {
    const view = this.view;
    if (!view) return;
    const next = Math.max(0, Math.min(view.total, index));
    if (next !== view.index) this.post({ type: 'goto', index: next });
  }

  private readonly onGoto = (event: CustomEvent<GotoDetail>): void => this.goto(event.detail.index);

  private readonly onKeyDown = (event: KeyboardEvent): void => {
    const view = this.view;
    if (!view || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const origin = event.composedPath()[0];
    const onSlider = origin instanceof HTMLInputElement && origin.type === 'range';
    const steps: Record<string, number> = { ArrowLeft: view.index - 1, ArrowRight: view.index + 1, Home: 0, End: view.total };
    if (event.key in steps && !onSlider) {
      event.preventDefault();
      this.goto(steps[event.key] ?? view.index);
    } else if (event.key.toLowerCase() === 'b') {
      event.preventDefault();
      this.toggleBetter();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.post({ type: 'leave' });
    }
  };

  private toggleBetter(): void {
    const view = this.view;
    if (!view) return;
    if (view.ghost) this.post({ type: 'better', show: false });
    else if (view.canShowBetter) this.post({ type: 'better', show: true });
  }

  private button(action: string, label: string, onClick: () => void, enabled = true, text = label) {
    return html`<button type="button" data-action=${action} aria-label=${label} title=${label} ?disabled=${!enabled} @click=${onClick}>${text}</button>`;
  }

  override render() {
    const view = this.view;
    if (!view) return html`<div class="review-loading" role="status" aria-live="polite" data-testid="announcer"></div>`;
    const s = view.strings;
    const legend = (['winnable', 'detour', 'losing', 'lost', 'unknown', 'help'] as const).map(
      (kind) => html`<span class="legend-item" data-kind=${kind}><span class="swatch" aria-hidden="true"></span>${s.legend[kind]}</span>`,
    );
    return html`
      <header class="review-head" title=${s.keyboardHelp}>
        <h1 data-testid="title">${view.title}</h1>
        ${this.button('leave', s.leave, () => this.post({ type: 'leave' }))}
      </header>
      <sol-timeline .marks=${view.marks} .index=${view.index} .label=${s.timelineLabel} .startLabel=${s.startMark}></sol-timeline>
      <div class="legend" aria-hidden="true">${legend}</div>
      <div class="review-controls" role="group" aria-label=${s.controlsLabel}>
        ${this.button('first', s.first, () => this.goto(0), view.index > 0, '|◀')}
        ${this.button('previous', s.previous, () => this.goto(view.index - 1), view.index > 0, '◀')}
        <input type="range" min="0" max=${view.total} .value=${String(view.index)} aria-label=${s.slider} aria-valuetext=${view.positionText}
          @input=${(event: Event) => this.goto(Number((event.target as HTMLInputElement).value))} />
        ${this.button('next', s.next, () => this.goto(view.index + 1), view.index < view.total, '▶')}
        ${this.button('last', s.last, () => this.goto(view.total), view.index < view.total, '▶|')}
        <button type="button" data-action="better" aria-pressed=${view.ghost ? 'true' : 'false'} ?disabled=${!view.canShowBetter && !view.ghost}
          @click=${() => this.toggleBetter()}>${view.ghost ? s.hideBetter : s.showBetter}</button>
      </div>
      <p class="review-position"><span data-testid="position">${view.positionText}</span></p>
      <p class="review-verdict"><span data-testid="verdict">${view.verdictText}</span>
        ${view.progressText ? html` <span class="progress" data-testid="progress">${view.progressText}</span>` : nothing}</p>
      <div class=${view.ghost ? 'review-board ghost' : 'review-board'}>
        ${view.ghost ? html`<p class="ghost-label" data-testid="ghost">${view.ghost.spoken}</p>` : nothing}
        <sol-board review inert></sol-board>
      </div>
      <div class="visually-hidden" role="status" aria-live="polite" data-testid="review-announcer">${this.announcement}</div>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-review': SolReview;
  }
}
