import { chromium } from "@playwright/test";
(async () => {
  const [url, selector, waitS] = process.argv.slice(2);
  const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const c = await b.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  await c.addInitScript({ content: `window.__lt=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__lt.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:"longtask",buffered:true});addEventListener("pointerdown",e=>{window.__pd=e.timeStamp;window.__fr=[];const t=(ts)=>{window.__fr.push([Math.round(ts),Math.round(performance.now()),document.querySelector("[data-held]")?1:0]);if(window.__fr.length<40)requestAnimationFrame(t)};requestAnimationFrame(t)},true);addEventListener("click",e=>window.__ck=performance.now(),true);window.__mut=[];new MutationObserver(l=>{for(const m of l)window.__mut.push([Math.round(performance.now()),m.target.tagName,m.attributeName,m.target.getAttribute(m.attributeName)])}).observe(document,{subtree:true,attributes:true,attributeFilter:["data-held","aria-pressed","aria-expanded"]})` });
  const p = await c.newPage();
  const cdp = await c.newCDPSession(p);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: 1.6*1024*1024/8, uploadThroughput: 750*1024/8 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await p.goto(url, { waitUntil: "load" });
  const t = p.locator(selector).first();
  await t.evaluate((e: Element) => e.scrollIntoView({ block: "center" }));
  const box = (await t.boundingBox())!;
  await new Promise((r) => setTimeout(r, Number(waitS) * 1000));
  await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 200 }); await cdp.send("Profiler.start");
  await p.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await new Promise((r) => setTimeout(r, 4000));
  const { profile } = await cdp.send("Profiler.stop");
  console.log("frames", JSON.stringify(await p.evaluate("window.__fr")));console.log("mut", JSON.stringify(await p.evaluate("window.__mut")));console.log("pd", await p.evaluate("window.__pd"), "click", await p.evaluate("window.__ck"), "longtasks", JSON.stringify(await p.evaluate("window.__lt")));
  // self time per function
  const self = new Map<string, number>(); const dt = profile.timeDeltas!; const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples!.forEach((id, i) => { const n = byId.get(id)!; const k = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0) / 1000); });
  console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join("\n"));
  await b.close();
})();
