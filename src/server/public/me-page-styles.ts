/**
 * What the applicant's page adds to the wizard's stylesheet and the call pages' layout: one column
 * of cards, status chips in the colours of the workspace's stage pills, each with its word and a
 * mark of its own shape (so colour is never the only sign), quiet text-like actions, and the
 * confirmation dialog.
 */
export const mePageStyles = [
  // The call pages' rules come after these in the page's style: this one outweighs theirs.
  '.calls.me{max-width:720px}',
  '.me__main{flex:1 0 auto}',
  '.me__main .step__heading{margin-bottom:16px}',
  '.me__main .step__heading:focus{outline:none}',
  '.me-form{display:grid;gap:20px;margin-top:8px}',
  '.me-form__submit{margin-left:0}',
  '.me-account{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px 16px;margin:0 0 16px}',
  '.me-account__email{margin:0;color:var(--color-muted);overflow-wrap:anywhere}',
  '.me-account__actions,.me-card__actions{display:flex;flex-wrap:wrap;gap:4px 20px}',
  '.me-list{display:grid;gap:16px;margin:0;padding:0;list-style:none}',
  '.me-card{padding:20px;border:1px solid #d5dcdf;border-radius:var(--radius);background:#fff}',
  '.me-card__title{margin:0 0 4px;font-size:20px;line-height:1.3}',
  '.me-card__received{margin:0 0 12px;color:var(--color-muted)}',
  '.me-card .step__notice,.me-card .step__server-error{margin:12px 0 0}',
  '.me-card__actions{margin-top:12px}',
  '.me-status{display:inline-flex;align-items:center;gap:6px;margin:0;padding:2px 12px;border-radius:999px;font-size:15px;font-weight:600}',
  // The mark is decoration beside the word: the empty alternative text keeps it from being read out.
  ".me-status::before{content:'' / '';font-weight:700}",
  ".me-status--received{background:#e3e8ea;color:#37444a}.me-status--received::before{content:'○' / ''}",
  ".me-status--in_review{background:var(--color-brand-soft);color:var(--color-brand-strong)}.me-status--in_review::before{content:'◔' / ''}",
  ".me-status--accepted{background:#dcf1e2;color:#1b5e2f}.me-status--accepted::before{content:'✓' / ''}",
  ".me-status--declined{background:#f8e1df;color:#8a1c12}.me-status--declined::before{content:'✕' / ''}",
  ".me-status--withdrawn{background:#fff;color:#37444a;border:1px dashed #8a979d}.me-status--withdrawn::before{content:'↩' / ''}",
  // Actions read as links, never competing with a primary button, and are 44 px tall to touch.
  '.me-action{min-height:44px;padding:0;border:0;background:none;color:var(--color-brand-strong);font:inherit;font-weight:600;text-decoration:underline;text-underline-offset:3px;cursor:pointer}',
  ".me-action[aria-disabled='true']{cursor:progress;opacity:.8}",
  '.me-action--danger{color:var(--color-error)}',
  '.me-none__link{margin-left:0;text-decoration:none}',
  '.me-dialog{max-width:min(480px,calc(100vw - 32px));padding:24px;border:0;border-radius:var(--radius);color:var(--color-text)}',
  '.me-dialog::backdrop{background:rgba(0,0,0,.45)}',
  '.me-dialog__title{margin:0 0 8px;font-size:20px}',
  '.me-dialog__actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:12px;margin-top:20px}',
  '.me-dialog__actions .button--primary{margin-left:0}',
].join('');
