import "./src/styles/cutilier.css";
