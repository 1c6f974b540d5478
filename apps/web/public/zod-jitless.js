// zod probes for eval (`new Function`) while schemas are built; the Content-Security-Policy forbids eval and the
// browser reports the probe as a violation. This classic script runs before the app's modules and tells zod to parse
// without its eval compiler (zod reads globalThis.__zod_globalConfig when it loads).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
