// babel-preset-taro, as `taro init` writes it for React + TypeScript + webpack 5.
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
};
