import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AttributionLine } from './attribution-line.tsx';

test('names each hidden field with its value, a link to the list narrowed to it, then the ad click', () => {
  render(
    <AttributionLine
      hidden={{ ref: 'hotel-alpenhof', partner: 'tirol' }}
      clickId="gclid=Cj0KCQ-abc"
      listHref="/?stage=new&open=42"
    />,
  );
  const line = screen.getByText(/Ad click/);
  expect(line).toHaveTextContent(
    'ref: hotel-alpenhof · partner: tirol · Ad click: gclid=Cj0KCQ-abc',
  );
  expect(
    screen.getByRole('link', {
      name: 'Show the applications with ref hotel-alpenhof',
    }),
  ).toHaveAttribute('href', '/?stage=new&hidden.ref=hotel-alpenhof');
});

test('says nothing of an application that came with neither', () => {
  const { container } = render(
    <AttributionLine hidden={{}} clickId={null} listHref="/" />,
  );
  expect(container).toBeEmptyDOMElement();
});
