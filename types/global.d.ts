/// <reference types="@tarojs/taro" />

declare module '*.png';
declare module '*.gif';
declare module '*.jpg';
declare module '*.jpeg';
declare module '*.svg';
declare module '*.css';
declare module '*.scss';

/** API origin for builds without one (the mini program); `TARO_APP_API_BASE` at build time, see config/index.ts. */
declare const API_BASE_URL: string;
/** External customer-service chat page (`TARO_APP_CHAT_URL` at build time); '' when the deployment has none. */
declare const CUSTOMER_SERVICE_CHAT_URL: string;
/** The deployment environment (`TARO_APP_DEPLOY_ENV` at build time: `rc`, `master`, …); '' when not given. */
declare const DEPLOY_ENVIRONMENT: string;
/** The operator's monitoring script (`TARO_APP_MONITORING_URL` at build time); '' = none (src/platform/monitoring.ts). */
declare const MONITORING_SCRIPT_URL: string;
/** The fund app's id on the WeChat Open Platform, for `wx-open-launch-app` (`TARO_APP_WECHAT_LAUNCH_APPID`); '' = none. */
declare const WECHAT_LAUNCH_APPID: string;

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test';
    /** The platform being built; branch on `process.env.TARO_ENV` (never destructure process.env). */
    TARO_ENV: 'weapp' | 'h5';
    TARO_APP_ID?: string;
    TARO_APP_API_BASE?: string;
    TARO_APP_CHAT_URL?: string;
    TARO_APP_DEPLOY_ENV?: string;
    TARO_APP_MONITORING_URL?: string;
    TARO_APP_WECHAT_LAUNCH_APPID?: string;
  }
}

// Side-effect-only module (turns mouse events into touch events for NutUI on desktop H5).
declare module '@nutui/touch-emulator';
