    // Canasta Score's own (tools/web_app/page.js): the service worker that opens the app
    // offline and brings its new versions, the browser asked to keep the games' storage (not
    // to clear it when short of space), and one tab at a time on the games. Python runs in a
    // worker, which can do none of it. The words are the app's own, in each of its languages
    // (canasta_score/ui/web_page.py, filled in by tools/build_web_app.py).
    //
    // The service worker is registered once Python has started: by then the page has fetched
    // every file, so the worker's copy of them is confirmed, not downloaded again (the first
    // visit downloads each file once), and it is told which CanvasKit build this browser used.
    //
    // A new version is installed whole beside the running one and waits: the page says it is
    // ready and takes it on the player's tap, or by itself when the page is put away with no
    // round being typed (else it opens the next time the app is opened).
    (function () {
      const WORDS = @WORDS@;
      const words = (() => {
        for (const tag of navigator.languages || [navigator.language || 'en']) {
          let code = tag.split('-')[0].toLowerCase();
          code = (code === 'no' || code === 'nn') ? 'nb' : code;
          if (WORDS[code]) {
            return WORDS[code];
          }
        }
        return WORDS.en;
      })();

      // One message of the page, over the top of the app (a tap puts it away) or `whole`, in
      // place of the app: its words and, where there is one, a button, in the browser's own text
      // size (1rem), which a player with large text has set larger.
      function tell(kind, text, action, whole) {
        if (!document.body) {
          addEventListener('DOMContentLoaded', () => tell(kind, text, action, whole));
          return;
        }
        hush(kind);
        const notice = document.createElement('div');
        notice.className = 'canasta-score-notice';
        notice.dataset.kind = kind;
        notice.setAttribute('role', 'alert');
        notice.style.cssText = [
          'position:fixed', `z-index:${whole ? 2147483647 : 2147483646}`, 'left:8px', 'right:8px',
          'top:calc(8px + env(safe-area-inset-top, 0px))', 'display:flex', 'flex-wrap:wrap',
          'align-items:center', 'gap:8px 16px', 'padding:12px 16px', 'border-radius:12px',
          'background:#1B5E20', 'color:#FFFFFF', 'font:1rem/1.4 Roboto,system-ui,sans-serif',
          'box-shadow:0 2px 8px rgba(0,0,0,.3)',
        ].concat(whole ? ['bottom:calc(8px + env(safe-area-inset-bottom, 0px))',
          'justify-content:center', 'flex-direction:column', 'text-align:center'] : []).join(';');
        const said = document.createElement('span');
        said.textContent = text;
        // Beside its button, the words take the room left; in place of the app, words and
        // button stand together in the middle.
        said.style.cssText = whole ? 'flex:0 1 auto' : 'flex:1 1 12em';
        notice.append(said);
        if (action) {
          const button = document.createElement('button');
          button.textContent = action.label;
          button.style.cssText = 'min-height:48px;padding:8px 20px;border:0;border-radius:24px;'
            + 'background:#FFFFFF;color:#1B5E20;font:600 1rem Roboto,system-ui,sans-serif;'
            + 'cursor:pointer';
          button.addEventListener('click', (event) => {
            event.stopPropagation();
            action.run();
          });
          notice.append(button);
        }
        if (!whole) {  // a tap beside its button puts it away, for the app under it
          notice.addEventListener('click', () => notice.remove());
        }
        document.body.append(notice);
      }

      function hush(kind) {
        document.querySelectorAll(`.canasta-score-notice[data-kind="${kind}"]`)
          .forEach((notice) => notice.remove());
      }

      // --- one tab at a time on the games ---------------------------------------------------
      // Each tab works on a copy of the games of its own and writes it back whole, so a second
      // tab would overwrite the first one's saves. The second tab waits (and opens by itself
      // once the first is closed), or takes the games over: the first then reloads into
      // waiting. Web Locks where the browser has them (they go with a tab that dies), else a
      // word between the tabs (a page over plain HTTP has no Web Locks).
      const channel = ('BroadcastChannel' in self) ? new BroadcastChannel('canasta-score-tabs') : null;
      const MOVED = 'canasta-score-moved';
      let holding = false;

      function holdTheGames() {
        return new Promise((resolve) => {
          const held = () => {
            holding = true;
            sessionStorage.removeItem(MOVED);
            hush('other-tab');
            hush('moved');
            resolve();
          };
          if (navigator.locks) {
            navigator.locks.request('canasta-score-page', { ifAvailable: true }, (lock) => {
              if (lock) {
                held();
                return new Promise(() => {});  // held until the tab goes
              }
              waitForTheGames(() => navigator.locks.request('canasta-score-page', () => {
                held();
                return new Promise(() => {});
              }));
              return null;
            });
          } else if (channel) {
            claimByWord(held);
          } else {
            held();
          }
        });
      }

      // Without Web Locks: a tab asks whether another holds the games, and takes them when
      // none answers. Of tabs asking at once, one takes them: a tab that let them go (humble)
      // yields to one that did not, and of two alike the one of the smaller number takes them.
      // A waiting tab asks again every 2 s, so it opens once the first tab is closed, or gone
      // without a word.
      const me = Math.random();
      function ask(then, humble) {
        let answered = false;
        const rivals = [];
        const listen = (event) => {
          const word = event.data || {};
          if (word.here) {
            answered = true;
          } else if (word.asking && word.asking !== me) {
            rivals.push(word);
          }
        };
        const first = (rival) => (Boolean(rival.humble) === humble
          ? rival.asking < me : !rival.humble);
        channel.addEventListener('message', listen);
        channel.postMessage({ asking: me, humble: humble });
        setTimeout(() => {
          channel.removeEventListener('message', listen);
          then(answered || rivals.some(first));
        }, 700);
      }

      function claimByWord(held) {
        const again = () => {
          if (holding) {
            return;
          }
          ask((taken) => {
            if (!taken) {
              held();
            } else if (!holding) {
              setTimeout(again, 2000);
            }
          }, Boolean(sessionStorage.getItem(MOVED)));  // it let them go: it yields to the others
        };
        if (sessionStorage.getItem(MOVED)) {
          waitForTheGames(() => setTimeout(again, 2000));
          return;
        }
        ask((taken) => (taken ? waitForTheGames(() => setTimeout(again, 2000)) : held()), false);
      }

      function waitForTheGames(wait) {
        if (sessionStorage.getItem(MOVED)) {
          tell('moved', words.moved, { label: words.use_here, run: takeTheGames }, true);
        } else {
          tell('other-tab', words.other_tab, { label: words.use_here, run: takeTheGames }, true);
        }
        wait();
      }

      function takeTheGames() {
        sessionStorage.removeItem(MOVED);
        if (channel) {
          channel.postMessage({ takeOver: true });
        }
      }

      if (channel) {
        channel.addEventListener('message', (event) => {
          const word = event.data || {};
          if (holding && word.asking && !navigator.locks) {
            channel.postMessage({ here: true });
          } else if (holding && (word.takeOver || (word.here && !navigator.locks))) {
            // (Another tab holding them too: this one was put away long enough for the other
            // to take them, and asked on coming back.)
            // Another tab takes the games: this one lets them go (what it saved is saved; a
            // half-typed round is kept as the app keeps it on each change).
            sessionStorage.setItem(MOVED, '1');
            location.reload();
          }
        });
        document.addEventListener('visibilitychange', () => {
          if (holding && !navigator.locks && document.visibilityState === 'visible') {
            channel.postMessage({ asking: me, humble: false });  // does another hold them now?
          }
        });
      }
      const gamesHeld = holdTheGames();
      // Python starts as soon as this tab holds the games, while Flutter starts (python.js).
      gamesHeld.then(() => globalThis.jsStartPython && globalThis.jsStartPython());

      // Flutter sets the browser's bar to the app's colour, which Flet leaves transparent: the
      // app's green (index.html's theme-color, the manifest's) is kept.
      new MutationObserver(() => {
        const flutters = document.getElementById('flutterweb-theme');
        if (flutters && flutters.content !== '@THEME_COLOR@') {
          flutters.content = '@THEME_COLOR@';
        }
      }).observe(document.head,
        { childList: true, subtree: true, attributes: true, attributeFilter: ['content'] });

      // --- the logo until the first screen ---------------------------------------------------
      // Flutter's first frames are Flet's own loading screen (a spinner in Flutter's blue, on
      // lavender) for a second or more while the app's first screen is made. The app's logo
      // stays over it until the app says it sent its first screen (python.js), and goes in the
      // frame that draws that screen, or at most LOGO_AT_MOST ms after Flutter's first frame:
      // an app that never says it is not hidden.
      const LOGO_AT_MOST = 10000;
      // (The logo stands above Flutter's view, on the app's surface: tools/build_web_app.py.)
      function logoAway() {
        // Asked for after Flutter asked for the frame that draws the screen sent (as it took
        // the screen in), so called in the same frame, after it: the logo and Flet's loading
        // screen go together.
        requestAnimationFrame(() => document.getElementById('loading')?.remove());
      }
      addEventListener('canasta-score-first-screen', logoAway, { once: true });
      addEventListener('flutter-first-frame', () => setTimeout(logoAway, LOGO_AT_MOST),
        { once: true });

      // --- offline copy and new versions ----------------------------------------------------
      let takingOver = false;
      function typing() {
        return /\/round(\/\d+\/edit)?$/.test(location.hash.replace(/^#/, ''));
      }

      function takeOver(registration) {
        if (registration.waiting) {
          takingOver = true;
          registration.waiting.postMessage({ takeOver: true });
        }
      }

      function offer(registration) {
        if (!registration.waiting || !navigator.serviceWorker.controller) {
          return;
        }
        tell('update-ready', words.update_ready,
          { label: words.update_now, run: () => takeOver(registration) });
      }

      let watched = false;
      function watch(registration) {
        if (watched) {
          return;
        }
        watched = true;
        const follow = (worker) => worker && worker.addEventListener('statechange', () => {
          if (worker.state === 'installed') {
            offer(registration);
          }
        });
        offer(registration);
        follow(registration.installing);
        registration.addEventListener('updatefound', () => follow(registration.installing));
        registration.update().catch(() => {});  // each opening asks the host for a new version
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') {
            if (registration.waiting && !typing()) {
              takeOver(registration);
            }
          } else {
            registration.update().catch(() => {});
          }
        });
      }

      if ('serviceWorker' in navigator) {
        const hadController = Boolean(navigator.serviceWorker.controller);
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          if (takingOver) {
            location.reload();
          } else if (hadController) {  // another tab took the new version
            hush('update-ready');
            tell('updated', words.updated, { label: words.reload, run: () => location.reload() });
          }
        });
        navigator.serviceWorker.getRegistration()
          .then((registration) => registration && watch(registration))
          .catch(() => {});
      } else if (!window.isSecureContext) {
        // Over plain HTTP (an address on the local network) the browser keeps nothing.
        addEventListener('load', () => tell('not-secure', words.not_secure));
      }

      let registered = false;
      function keepForOffline() {
        if (registered || !('serviceWorker' in navigator)) {
          return;
        }
        registered = true;
        const used = performance.getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.includes('/canvaskit/'));
        navigator.serviceWorker.register('service-worker.js')
          .then((registration) => {
            watch(registration);
            return navigator.serviceWorker.ready;
          })
          .then((registration) => registration.active.postMessage({ keep: used }))
          .catch((error) => console.warn('Canasta Score: not kept for offline use:', error));
      }
      const connect = globalThis.jsConnect;  // python.js: resolves once Python has started
      globalThis.jsConnect = async function (...args) {
        await gamesHeld;
        const started = await connect(...args);
        keepForOffline();
        return started;
      };
      flet.storagePersisted = (navigator.storage && navigator.storage.persist)
        ? navigator.storage.persist().catch(() => false)
        : Promise.resolve(false);
    })();
