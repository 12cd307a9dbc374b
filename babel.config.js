// babel-preset-taro: the same preset compiles the weapp and H5 builds (TARO-NOTES "Setting up without taro init").
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
};
