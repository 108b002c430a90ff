// A static server for a built page on the loopback interface: the live
// lab loads ES modules and WebAssembly, which browsers do not load from
// file:// URLs.  `node serve.mjs SITE_DIR [PORT]` prints the page's URL;
// the browser tests and bench/lab.mjs import serve().
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript',
  '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf',
  '.svg': 'image/svg+xml', '.png': 'image/png',
};

export function serve(dir, port = 0) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let name;
    try {
      name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400);      // a malformed escape such as %E0
      res.end();
      return;
    }
    if (name.endsWith('/')) name += 'index.html';
    const file = path.join(root, path.normalize(name));
    // nothing outside the site, and only files
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file)
        || !fs.statSync(file).isFile()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
    });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function isMain() {
  const { pathToFileURL } = await import('node:url');
  return process.argv[1]
    && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
}

if (await isMain()) {
  const [dir, port] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node serve.mjs SITE_DIR [PORT]');
    process.exit(2);
  }
  const server = await serve(dir, Number(port || 8000));
  console.log(`http://127.0.0.1:${server.address().port}/`);
}
