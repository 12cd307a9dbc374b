// @tarojs/taro in jest: the H5 implementation of the API plus the React page hooks of the framework plugin.
const taro = require('@tarojs/taro-h5');
const hooks = require('@tarojs/plugin-framework-react/dist/runtime');

const base = taro.default || taro;
const merged = Object.assign({}, base, taro);
for (const name of Object.keys(hooks)) {
  if (name.startsWith('use') && !(name in merged)) merged[name] = hooks[name];
}
merged.default = merged;
module.exports = merged;
