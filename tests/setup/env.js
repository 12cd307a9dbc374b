// Runs before each test file: Taro reads TARO_ENV at import time, so set it before anything imports Taro.
process.env.TARO_ENV = globalThis.TARO_APP_FLAVOUR === 'weapp' ? 'weapp' : 'h5';
process.env.TARO_PLATFORM = process.env.TARO_ENV === 'weapp' ? 'mini' : 'web';
// Requiring @tarojs/taro first avoids a circular-import crash between the runtime and components.
require('@tarojs/taro');
