// babel-preset-taro: the same preset compiles the weapp and H5 builds (docs/WEAPP.md "The Taro recipe").
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
};
