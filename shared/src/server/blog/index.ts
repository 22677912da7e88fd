export * from './blog-posts.js';
