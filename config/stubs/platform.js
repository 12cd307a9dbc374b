/* global navigator */
// Taro's H5 getDeviceInfo/getSystemInfo read four fields of the `platform` package (42 KB of user-agent tables),
// which NutUI's PullToRefresh pulls into every page that refreshes (it asks whether it runs on an Android mini
// program). The app reads none of these fields itself: this answers them from the user agent's operating system,
// and leaves the maker and model unknown (Taro then says 'unknown', as it does for most browsers anyway).
var ua = typeof navigator === 'undefined' ? '' : String(navigator.userAgent || '');
var match =
  /(Android)[ /]?([\d.]*)/.exec(ua) ||
  /(iPhone|iPad|iPod)[^)]*? OS ([\d_]+)/.exec(ua) ||
  /(Windows) NT ([\d.]+)/.exec(ua) ||
  /(Mac) OS X ([\d_.]+)/.exec(ua) ||
  /(Linux)()/.exec(ua);
var families = { iPhone: 'iOS', iPad: 'iOS', iPod: 'iOS', Mac: 'OS X' };
var os = match
  ? {
      family: families[match[1]] || match[1],
      version: (match[2] || '').replace(/_/g, '.') || null,
      toString: function () {
        return this.version ? this.family + ' ' + this.version : this.family;
      },
    }
  : null;
module.exports = { name: null, version: null, manufacturer: null, product: null, os: os, ua: ua };
