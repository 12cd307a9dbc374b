module.exports = { __esModule: true, default: () => null };
