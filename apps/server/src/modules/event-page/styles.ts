import { FLYER_CSS } from '../../lib/flyer-html.js';

/**
 * The public pages' whole stylesheet, inlined in each page: no request before the first paint.
 * Light and dark follow prefers-color-scheme; every text colour is 4.5:1 or more on its ground
 * (muted #55595f on #fff 7.0:1, on #f6f5fa 6.6:1; dark muted #b3b6bd on #1e1f24 8.0:1; white on
 * the violet button #6741d9 6.0:1, on the live red #c92a2a 5.8:1).
 */
export const PAGE_CSS = `
:root{color-scheme:light dark;--bg:#f6f5fa;--surface:#fff;--text:#1c1d22;--muted:#55595f;--line:#e3e1ea;--brand:#6741d9;--brand-text:#5f3dc4;
--on-brand:#fff;--chip:#efeafe;--chip-text:#4c2eb0;--live:#c92a2a;--live-bg:#fff0f0;--ended:#495057;--sea:#dbeafe;--land:#f5f5f4;--coast:#a8a29e;--lines:#d6d3d1;--shadow:0 1px 2px rgba(20,16,40,.06),0 4px 16px rgba(20,16,40,.06)}
@media (prefers-color-scheme:dark){:root{--bg:#141518;--surface:#1e1f24;--text:#eceef2;--muted:#b3b6bd;--line:#34363d;--brand:#6741d9;--brand-text:#b9a5ff;
--chip:#2d2553;--chip-text:#d5c9ff;--live:#c92a2a;--live-bg:#3a1d1f;--ended:#ced4da;--sea:#172036;--land:#2a2c33;--coast:#5c5f66;--lines:#44464e;--shadow:none}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--text);background:var(--bg)}
a{color:var(--brand-text);text-underline-offset:2px}a:focus-visible,summary:focus-visible{outline:3px solid var(--brand-text);outline-offset:2px;border-radius:4px}
.skip{position:absolute;left:8px;top:-48px;background:var(--surface);color:var(--text);padding:8px 12px;border-radius:8px;z-index:2}.skip:focus{top:8px}
.wrap{max-width:1100px;margin:0 auto;padding:0 16px}
.bar{background:var(--surface);border-bottom:1px solid var(--line)}.bar .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:56px}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:800;font-size:1.15rem;color:var(--text);text-decoration:none;min-height:44px}.brand svg{width:30px;height:30px}
.bar nav{display:flex;gap:4px;flex-wrap:wrap}.bar nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 10px;border-radius:8px;font-weight:600;text-decoration:none}
.bar nav a:hover{background:var(--chip)}
main.wrap{padding-top:20px;padding-bottom:48px}
.event{display:grid;grid-template-columns:minmax(0,1fr);gap:20px}
@media (min-width:880px){.event{grid-template-columns:minmax(0,1fr) 380px;grid-template-areas:"title side" "body side";grid-template-rows:auto 1fr;column-gap:32px}
.title{grid-area:title}.side{grid-area:side;align-self:start;position:sticky;top:16px}.body{grid-area:body}}
.hero{display:block;width:100%;aspect-ratio:16/9;height:auto;object-fit:cover;border-radius:14px;background:var(--chip);margin-bottom:16px}
.phase{display:inline-flex;align-items:center;gap:6px;margin:0 0 8px;padding:2px 10px;border-radius:999px;font-size:.85rem;font-weight:600;background:var(--chip);color:var(--chip-text)}
.phase-live{background:var(--live);color:#fff}.phase-live::before{content:"";width:8px;height:8px;border-radius:50%;background:#fff}
.phase-ended,.phase-canceled{background:transparent;color:var(--ended);border:1px solid var(--line)}
h1{font-size:clamp(1.7rem,4.5vw,2.4rem);line-height:1.15;margin:0 0 8px;overflow-wrap:anywhere;letter-spacing:-.01em}
.byline{margin:0;color:var(--muted)}
.notice{margin:12px 0 0;padding:10px 14px;border-radius:10px;background:var(--live-bg);border:1px solid var(--line)}.live-now{padding:0;background:none;border:0}.live-now .btn{width:100%;max-width:420px}
.panel{background:var(--surface);border:1px solid var(--line);border-radius:14px;padding:18px;box-shadow:var(--shadow)}
.side .panel+.panel{margin-top:16px}
.facts{margin:0;display:grid;gap:14px}.fact{position:relative;padding-left:32px}
.fact svg{position:absolute;left:0;top:2px;width:20px;height:20px;color:var(--muted)}.fact dt{font-size:.75rem;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.fact dd{margin:0;overflow-wrap:anywhere}.fact .sub{display:block;color:var(--muted);font-size:.9rem}
.map{margin-top:16px}.map svg{display:block;width:100%;height:auto;border-radius:10px;border:1px solid var(--line)}
.map .sea{fill:var(--sea)}.map .land{fill:var(--land);stroke:var(--coast)}.map .lines{stroke:var(--lines)}
.actions{display:grid;gap:10px;margin-top:16px}.row{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:10px}
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:44px;padding:8px 14px;border-radius:10px;border:1px solid var(--line);background:var(--surface);color:var(--text);font:inherit;font-weight:600;text-decoration:none;text-align:center;cursor:pointer}
.btn:hover{border-color:var(--brand-text)}.btn svg{width:18px;height:18px;flex:none}
.btn.primary{background:var(--brand);border-color:var(--brand);color:var(--on-brand)}.btn.primary:hover{filter:brightness(1.08)}
.btn.live{background:var(--live);border-color:var(--live);color:#fff;flex-direction:column;gap:0;padding:10px 14px;font-size:1.1rem}.btn.live small{font-weight:500;font-size:.85rem}
.hint{margin:0;color:var(--muted);font-size:.9rem}
.status{margin:0;font-size:.9rem;color:var(--muted)}
section+section{margin-top:28px}
.body section+section{content-visibility:auto;contain-intrinsic-size:auto 480px}h2{font-size:1.25rem;margin:0 0 10px}
.description{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}.muted{color:var(--muted)}
.tags{display:flex;flex-wrap:wrap;gap:6px;list-style:none;margin:14px 0 0;padding:0}.tags li{background:var(--chip);color:var(--chip-text);border-radius:999px;padding:2px 10px;font-size:.85rem;font-weight:600}
.series-dates{list-style:none;padding:0;margin:0}.series-dates li{padding:3px 0}.line-up{list-style:none;margin:0;padding:0;display:grid;gap:14px}.act{display:flex;gap:14px;align-items:flex-start}
.act-picture{flex:none;width:56px;height:56px;border-radius:10px;object-fit:cover}.act-initials{display:grid;place-items:center;background:var(--chip);color:var(--chip-text);font-weight:700}
.act-head{margin:0;overflow-wrap:anywhere}.act-time{font-weight:700;color:var(--brand-text);margin-right:4px}.act-kind{color:var(--muted);font-size:.85rem}
.act-about{margin:2px 0 0;color:var(--muted);white-space:pre-line;overflow-wrap:anywhere}.act-link{display:inline-block;margin-top:2px;font-size:.9rem}
details{border:1px solid var(--line);border-radius:10px;background:var(--surface);margin-bottom:10px}summary{cursor:pointer;padding:12px 14px;font-weight:600;min-height:44px}
.doc{padding:0 14px 14px;overflow-wrap:anywhere}.doc img{max-width:100%;height:auto;border-radius:8px}.doc table{border-collapse:collapse}.doc th,.doc td{border:1px solid var(--line);padding:4px 8px}
.doc h2{font-size:1.15rem}.doc h3{font-size:1.05rem}.doc h4{font-size:1rem}.doc pre{overflow:auto;background:var(--bg);padding:10px;border-radius:8px}
footer.site{border-top:1px solid var(--line);padding:20px 0 32px;color:var(--muted);font-size:.9rem}footer.site p{margin:0}footer.site p.fedi{margin-top:6px;overflow-wrap:anywhere}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.empty{text-align:center;padding:48px 16px}.empty h1{margin-bottom:12px}.empty p{color:var(--muted);max-width:520px;margin:0 auto 20px}.empty .row{max-width:460px;margin:0 auto}
${FLYER_CSS}.flyers{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:16px}.flyer{width:auto;max-width:280px}
@media (prefers-color-scheme:dark){.fallback{background:#2a2c33;color:#b3b6bd}}
@media (prefers-reduced-motion:no-preference){.btn{transition:filter .15s,border-color .15s}}
`;
