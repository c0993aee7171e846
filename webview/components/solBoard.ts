import { LitElement, css, html } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { HostToWebviewMessage } from '../../src/protocol/webviewMessages';

/**
 * The board: foundations and cells on top, the tableau below. For now it draws the empty
 * layout and shows whether the host has answered.
 */
@customElement('sol-board')
export class SolBoard extends LitElement {
  static override styles = css`
    :host {
      display: block;
      padding: 12px;
      color: var(--vscode-foreground);
      font-family: var(--vscode-font-family);
    }
    .row {
      display: grid;
      grid-template-columns: repeat(8, minmax(0, 1fr));
      gap: 8px;
      margin-bottom: 16px;
    }
    .slot {
      aspect-ratio: 5 / 7;
      border: 1px dashed var(--vscode-panel-border, var(--vscode-foreground));
      border-radius: 6px;
      opacity: 0.7;
    }
    .status {
      margin-top: 8px;
      color: var(--vscode-descriptionForeground);
    }
  `;

  @state() private connectedTo = '';

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('message', this.onMessage);
  }

  override disconnectedCallback(): void {
    window.removeEventListener('message', this.onMessage);
    super.disconnectedCallback();
  }

  /** Applies a message from the host. */
  receive(message: HostToWebviewMessage): void {
    if (message.type === 'welcome') this.connectedTo = `${message.title} ${message.extensionVersion}`;
  }

  private readonly onMessage = (event: MessageEvent<HostToWebviewMessage>): void => {
    this.receive(event.data);
  };

  override render() {
    const slots = (label: string) =>
      Array.from({ length: 4 }, (_, i) => html`<div class="slot" role="img" aria-label="${label} ${i + 1}"></div>`);
    return html`
      <div class="row" aria-label="cells and foundations">${slots('free cell')}${slots('foundation')}</div>
      <div class="row" aria-label="tableau">
        ${Array.from({ length: 8 }, (_, i) => html`<div class="slot" role="img" aria-label="column ${i + 1}"></div>`)}
      </div>
      <p class="status" role="status" data-testid="status">
        ${this.connectedTo ? `Connected to ${this.connectedTo}` : 'Connecting…'}
      </p>
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'sol-board': SolBoard;
  }
}
