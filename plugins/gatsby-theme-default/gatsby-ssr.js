import "./src/styles/default.css";
