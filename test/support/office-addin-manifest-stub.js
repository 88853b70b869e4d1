// office-addin-mock imports office-addin-manifest only for usage data; none of its API is used in tests.
module.exports = {};
