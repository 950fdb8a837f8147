// Gatsby's Link calls ___loader in the browser; tests have no page loader.
global.___loader = { enqueue: () => {}, hovering: () => {} };
