import { noChange, type ElementPart } from 'lit';
import { Directive, PartType, directive, type PartInfo } from 'lit/directive.js';

export type StyleProps = Readonly<Record<string, string | undefined>>;

/**
 * Sets inline style properties through the CSSOM, always. Lit's own `styleMap` writes the
 * `style` attribute on the first render, which the page's CSP (`style-src` without
 * 'unsafe-inline') blocks; `element.style.setProperty` is allowed. Use as an element binding:
 * `<div ${cssom({ left: '4px', '--k': '2' })}>`. Property names are in CSS form (`z-index`).
 */
class CssomDirective extends Directive {
  private previous = new Set<string>();

  constructor(info: PartInfo) {
    super(info);
    if (info.type !== PartType.ELEMENT) throw new Error('cssom() belongs on an element, not in an attribute');
  }

  render(_props: StyleProps): unknown {
    return noChange;
  }

  override update(part: ElementPart, [props]: [StyleProps]): unknown {
    const style = (part.element as HTMLElement).style;
    for (const name of this.previous) {
      if (props[name] === undefined) style.removeProperty(name);
    }
    this.previous = new Set();
    for (const [name, value] of Object.entries(props)) {
      if (value === undefined) continue;
      this.previous.add(name);
      if (style.getPropertyValue(name) !== value) style.setProperty(name, value);
    }
    return noChange;
  }
}

export const cssom = directive(CssomDirective);
