/** The few DOM-building helpers the applicant's page draws itself with. */

type Child = Node | string | null | false;

/** An element with its attributes (`on…` ones as listeners) and children. */
export function h(
  tag: string,
  attributes: Record<string, string | boolean | ((event: Event) => void)> = {},
  ...children: Child[]
): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function')
      element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

/** A button that is pressed at most once while its request runs, and keeps the focus meanwhile. */
export function button(
  label: string,
  options: {
    className: string;
    key: string;
    isBusy?: boolean;
    busyLabel?: string;
    onClick?: () => void;
    type?: 'button' | 'submit';
  },
): HTMLElement {
  return h(
    'button',
    {
      type: options.type ?? 'button',
      class: options.className,
      'data-key': options.key,
      'aria-disabled': options.isBusy ? 'true' : false,
      ...(options.onClick && {
        onclick: () => {
          if (!options.isBusy) options.onClick?.();
        },
      }),
    },
    options.isBusy && options.busyLabel ? options.busyLabel : label,
  );
}

function svgElement(tag: string, attributes: Record<string, string>) {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes))
    element.setAttribute(name, value);
  return element;
}

/** The wizard's error mark, beside the words: red is never the only sign. */
export function errorIcon(): SVGElement {
  const icon = svgElement('svg', {
    class: 'field__error-icon',
    viewBox: '0 0 16 16',
    width: '16',
    height: '16',
    'aria-hidden': 'true',
  });
  icon.append(
    svgElement('circle', { cx: '8', cy: '8', r: '7', fill: 'currentColor' }),
    svgElement('path', {
      d: 'M8 4.2v4.6M8 11.2v.6',
      stroke: '#fff',
      'stroke-width': '1.8',
      'stroke-linecap': 'round',
    }),
  );
  return icon;
}
