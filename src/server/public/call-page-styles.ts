/**
 * What the public call pages add to the wizard's stylesheet, which they inline as the wizard's page
 * does: the list of open calls as cards, and the link of a call that is not open. Colours come from
 * the theme's custom properties, so a form's theme dresses these pages too.
 */
export const callPageStyles = [
  '.calls{display:flex;flex-direction:column;min-height:100vh;max-width:1040px;margin:0 auto;padding:32px 48px 24px}',
  '.calls .wizard__header,.calls .wizard__footer{max-width:none}',
  '.calls__main{flex:1 0 auto}',
  '.calls__list{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:32px 24px;margin:32px 0 0;padding:0;list-style:none}',
  '.call-card{position:relative;display:flex;flex-direction:column;overflow:hidden;border:1px solid #d5dcdf;border-radius:var(--radius);background:#fff}',
  '.call-card:has(a:focus-visible){outline:2px solid var(--color-brand);outline-offset:2px}',
  '.call-card:hover{border-color:var(--color-brand)}',
  // The cover comes after the title in the page, so a screen reader meets the call before its
  // picture, and shows above it. Its box has the card's proportions before the image arrives.
  '.call-card__cover{order:-1;display:block;background:#d8e3e4}',
  '.call-card__cover img{display:block;width:100%;height:auto;aspect-ratio:3/2;object-fit:cover}',
  '.call-card__title{margin:20px 20px 8px;font-size:22px;line-height:1.25}',
  '.call-card__title a{color:var(--color-text);text-decoration:none}',
  '.call-card__title a:focus-visible{outline:none}',
  // The whole card follows the title's link: one link per call, said once by a screen reader.
  ".call-card__title a::after{content:'';position:absolute;inset:0}",
  '.call-card:hover .call-card__title a{text-decoration:underline}',
  '.call-card__summary{margin:0 20px 16px}',
  '.call-card__closes{margin:auto 20px 20px;font-weight:600}',
  '.calls__none{margin:32px 0 0}',
  '.call-page__link{margin-left:0;text-decoration:none}',
  '@media (max-width:900px){.calls{padding:24px}}',
  '@media (max-width:576px){.calls{padding:16px 20px 24px}.call-card__title{font-size:20px}}',
].join('');
