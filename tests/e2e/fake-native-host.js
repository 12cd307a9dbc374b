// The native side of the JS bridge (docs/BRIDGE.md), for browser tests. Inject it before the page loads:
//   await context.addInitScript({ path: 'tests/e2e/fake-native-host.js' });
// and give the context a native-app user-agent, e.g. `… danjuanfund/6.91.0 DJ/6910` (own app) or
// `… Xueqiu iPhone 14.20` (stock app). It answers every capability with plausible data, performs delegated
// requests for real with fetch (so pages talk to the real server), and records every call in
// `window.__nativeCalls` as { id, action, params, at } for assertions.
//
// Optional knobs: `window.__fakeNativeConfig = {...}` in an init script registered BEFORE this one:
//   platform: 'android' (default, window.DJBridge) | 'ios' (window.webkit.messageHandlers.DJBridge)
//   responses: { [action]: result }         — replace the canned result of an action
//   errors:    { [action]: { code, message } } — answer an action with a native error
//   silent:    [action, …]                   — never answer (to test timeouts)
//   confirm:   true | false                  — the user's answer to confirm dialogs (default true)
//   delayMs:   number                        — answer delay (default 0)
//   legacyRequests: true                     — behave like an app from before `body`/`headers`/`full_response`:
//                                               POST `data` form-encoded, the body alone as the answer
(function installFakeNativeHost() {
  'use strict';

  if (window.__fakeNativeHostInstalled) return;
  window.__fakeNativeHostInstalled = true;
  window.__nativeCalls = [];

  function config() {
    return window.__fakeNativeConfig || {};
  }

  // New-style, legacy and fund-app dedicated action names → capability (src/platform/bridge.ts BRIDGE_ACTIONS).
  var CAPABILITY = {
    'net.request': 'request',
    ajax: 'request',
    'fund.request': 'request',
    'auth.getWriteToken': 'getWriteToken',
    getWriteToken: 'getWriteToken',
    'auth.getReadToken': 'getReadToken',
    getReadToken: 'getReadToken',
    'auth.getAccessToken': 'getAccessToken',
    getAccessToken: 'getAccessToken',
    'device.getId': 'getDeviceId',
    getDeviceId: 'getDeviceId',
    'user.getInfo': 'getUserInfo',
    getUserInfo: 'getUserInfo',
    'permission.request': 'requestPermission',
    requestPermission: 'requestPermission',
    'media.pickPhoto': 'pickPhoto',
    choosePhoto: 'pickPhoto',
    'ui.toast': 'showToast',
    toast: 'showToast',
    'ui.confirm': 'confirm',
    confirm: 'confirm',
    'nav.open': 'open',
    openPage: 'open',
    'nav.refresh': 'refresh',
    refreshPage: 'refresh',
    'event.notify': 'notify',
    postNotification: 'notify',
    'nav.setButtons': 'setNavigationButtons',
    setNavButtons: 'setNavigationButtons',
    'app.wake': 'wakeApp',
    wakeApp: 'wakeApp',
    'auth.verifyTelephone': 'verifyTelephone',
    telephoneVerify: 'verifyTelephone',
    'ui.share': 'share',
    share: 'share',
    'fund.share': 'share',
    'nav.redirect': 'redirect',
    redirect: 'redirect',
    'fund.redirect': 'redirect',
    'pay.open': 'pay',
    openPay: 'pay',
    'trade.open': 'openTradeAccount',
    openTradeAccount: 'openTradeAccount',
  };

  // A 1×1 transparent PNG: what the photo picker "took".
  var PHOTO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  var CANNED = {
    getWriteToken: 'fake-write-token',
    getReadToken: 'fake-read-token',
    getAccessToken: 'fake-access-token',
    getDeviceId: 'fake-device-0001',
    getUserInfo: { uid: '10001', mask_telephone: '138****5678', screen_name: '测试用户' },
    requestPermission: true,
    pickPhoto: { dataUrl: PHOTO, width: 1, height: 1 },
    showToast: null,
    open: null,
    refresh: null,
    notify: null,
    setNavigationButtons: null,
    wakeApp: null,
    verifyTelephone: { verified: true, mask_telephone: '138****5678' },
    share: null,
    redirect: null,
    pay: { paid: true },
    openTradeAccount: null,
  };

  function formEncode(data) {
    return Object.keys(data || {})
      .filter(function (key) {
        return data[key] !== undefined && data[key] !== null;
      })
      .map(function (key) {
        var value = typeof data[key] === 'object' ? JSON.stringify(data[key]) : String(data[key]);
        return encodeURIComponent(key) + '=' + encodeURIComponent(value);
      })
      .join('&');
  }

  // Performs a delegated request the way the native apps do (docs/BRIDGE.md, `request`): `body` as given with
  // its `content_type` (older apps: POST `data` form-encoded), GET/PUT/DELETE `data` in the query, the page's
  // extra `headers` added to the app's own, and with `full_response` the answer { status, headers, body }.
  function performRequest(params) {
    var legacy = !!config().legacyRequests;
    var type = String(params.type || 'GET').toUpperCase();
    var url = new URL(params.url, window.location.href);
    var init = { method: type, credentials: 'include', headers: {} };
    if (!legacy && params.headers && typeof params.headers === 'object') {
      Object.keys(params.headers).forEach(function (name) {
        if (typeof params.headers[name] === 'string') init.headers[name] = params.headers[name];
      });
    }
    init.headers.Accept = init.headers.Accept || 'application/json';
    if (!legacy && typeof params.body === 'string') {
      init.body = params.body;
      init.headers['Content-Type'] = params.content_type || 'text/plain;charset=UTF-8';
    } else if (type === 'POST') {
      init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
      init.body = formEncode(params.data);
    } else {
      var query = formEncode(params.data);
      if (query) url.search += (url.search ? '&' : '') + query;
    }
    if (params.cookie) init.headers['X-Bridge-Cookie'] = params.cookie;
    return fetch(url.toString(), init).then(function (response) {
      return response.text().then(function (text) {
        if (!legacy && params.full_response) {
          var headers = {};
          if (response.headers && typeof response.headers.forEach === 'function') {
            response.headers.forEach(function (value, name) {
              headers[String(name).toLowerCase()] = value;
            });
          }
          return { status: response.status, headers: headers, body: text };
        }
        try {
          return JSON.parse(text);
        } catch (_notJson) {
          return text;
        }
      });
    });
  }

  function answer(id, error, result) {
    var delay = config().delayMs || 0;
    setTimeout(function () {
      if (typeof window.__djBridgeCallback === 'function') window.__djBridgeCallback(id, error, result);
    }, delay);
  }

  function receive(text) {
    var message;
    try {
      message = JSON.parse(text);
    } catch (_bad) {
      return; // not a bridge message: a real app ignores it too
    }
    var call = { id: message.id, action: message.action, params: message.params || {}, at: Date.now() };
    window.__nativeCalls.push(call);
    var settings = config();
    if ((settings.silent || []).indexOf(message.action) >= 0) return;
    if (settings.errors && settings.errors[message.action]) return answer(message.id, settings.errors[message.action]);
    if (settings.responses && Object.prototype.hasOwnProperty.call(settings.responses, message.action)) {
      return answer(message.id, null, settings.responses[message.action]);
    }
    var capability = CAPABILITY[message.action];
    if (!capability) return answer(message.id, { code: 'UNSUPPORTED_ACTION', message: message.action });
    if (capability === 'request') {
      performRequest(call.params).then(
        function (body) {
          answer(message.id, null, body);
        },
        function (error) {
          answer(message.id, { code: 'NETWORK', message: String(error && error.message) });
        },
      );
      return;
    }
    if (capability === 'confirm') return answer(message.id, null, settings.confirm !== false);
    answer(message.id, null, CANNED[capability]);
  }

  var sink = { postMessage: receive };
  if (config().platform === 'ios') {
    window.webkit = window.webkit || {};
    window.webkit.messageHandlers = window.webkit.messageHandlers || {};
    window.webkit.messageHandlers.DJBridge = sink;
  } else {
    window.DJBridge = sink;
  }

  // Lets a test push a native event (e.g. a navigation button tap) into the page.
  window.__emitNativeEvent = function (name, payload) {
    if (typeof window.__djBridgeEvent === 'function') window.__djBridgeEvent(name, payload);
  };
})();
