// The sandbox bank's stylesheet, inlined into each page (the bank serves no files): a plain,
// trustworthy online-banking look in the bank's own colour (set per page on the masthead and the
// primary button), readable at AA contrast.
export const BANK_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f5f5f4;color:#1c1917;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1,h2,.brand-name{font-family:Georgia,"Times New Roman",serif}
.masthead{color:#fff}
.masthead-inner,.content{max-width:42rem;margin:0 auto;padding:1rem 1.5rem}
.masthead-inner{display:flex;align-items:center;justify-content:space-between}
.brand{display:flex;align-items:center;gap:.75rem}
.brand-mark{display:grid;place-items:center;width:2.25rem;height:2.25rem;border:2px solid rgba(255,255,255,.8);border-radius:50%;font-weight:700;font-size:1.125rem}
.brand-name{display:block;font-size:1.25rem;font-weight:600;letter-spacing:.02em}
.brand-line{display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.1em}
.sandbox-tag{background:#fde047;color:#1c1917;border-radius:.25rem;padding:.25rem .5rem;font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em}
.notice{margin:0;background:#fef9c3;color:#44403c;padding:.5rem 1.5rem;text-align:center;font-size:.75rem}
.content{padding-top:2rem;padding-bottom:2rem}
.stack>*+*{margin-top:1.5rem}
form.stack>*+*{margin-top:1rem}
.panel{background:#fff;border:1px solid #d6d3d1;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.05)}
.panel h1{margin:0 0 1rem;font-size:1.5rem;font-weight:600}
h2{margin:1rem 0 .25rem;font-size:1rem;font-weight:600}
p{margin:0 0 1rem}
.muted{color:#57534e;font-size:.875rem}
.mono,dt.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
label{display:block;margin-bottom:.25rem;font-size:.875rem;font-weight:500}
input:not([type]),input[type=password]{width:100%;padding:.5rem .75rem;border:1px solid #78716c;border-radius:.25rem;font:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.button{font:inherit;font-weight:600;padding:.5rem 1.25rem;border-radius:.25rem;border:1px solid #78716c;cursor:pointer}
.button-primary{color:#fff}
.button-secondary{background:#fff;color:#292524}
.button:hover{opacity:.9}
.link-button{background:none;border:0;padding:0;font:inherit;font-size:.875rem;color:#57534e;text-decoration:underline;cursor:pointer}
.cancel{margin-top:.75rem}
.alert{border:1px solid #fca5a5;background:#fef2f2;color:#991b1b;border-radius:.25rem;padding:.5rem .75rem;font-size:.875rem}
.warning{border:1px solid #fcd34d;background:#fffbeb;border-radius:.25rem;padding:.5rem .75rem;font-size:.875rem}
.help{border:1px dashed #a8a29e;background:#fafaf9;border-radius:.5rem;padding:1.25rem;font-size:.875rem}
.help h2{margin-top:0}
.help dl{margin:0}.help dl>div+div{margin-top:.5rem}
.help dt{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-weight:600}
.help dd{margin:0;color:#57534e}
.bullets{margin:0 0 1rem;padding-left:1.25rem;font-size:.875rem}
.terms{display:grid;grid-template-columns:1fr 1fr;gap:.5rem;margin:0 0 1rem;font-size:.875rem}
.terms dt{color:#57534e}.terms dd{margin:0;font-weight:500}
.accounts{list-style:none;margin:0 0 1.5rem;padding:0;border:1px solid #e7e5e4;border-radius:.25rem;font-size:.875rem}
.accounts>li+li{border-top:1px solid #e7e5e4}
.account{display:flex;justify-content:space-between;gap:.75rem;padding:.5rem .75rem}
.account.choice{align-items:center;margin:0;font-weight:400;cursor:pointer}
.account-text{display:flex;flex:1;justify-content:space-between;gap:.75rem}
fieldset{border:0;margin:0 0 1.5rem;padding:0}
legend{font-weight:600;margin-bottom:.25rem}
.actions{display:flex;gap:.75rem}
a{color:inherit}
`;
