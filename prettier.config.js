export default { singleQuote: true, trailingComma: 'all' };
