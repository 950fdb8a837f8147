import "./src/styles/hibiscus.css";
